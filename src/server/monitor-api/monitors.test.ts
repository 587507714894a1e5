import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { countResults, insertResults } from '../test/result-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;

async function setup(plan: 'free' | 'starter' | 'pro' = 'free', testMode = true) {
  clock = new ManualClock(START);
  t = await createTestApp({ testMode }, { clock });
  const user = await createUser(t.auth);
  if (plan !== 'free') await t.grant(user.id, plan);
  return user;
}
afterEach(async () => {
  await t?.close();
});

function send(user: TestUser, method: string, path: string, body?: unknown) {
  return t.request(`/api/v1${path}`, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createMonitor(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await send(user, 'POST', '/monitors', {
    name: 'Shop',
    url: 'https://shop.example.com',
    ...overrides,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

describe('creating monitors', () => {
  it('applies the defaults and makes the first check due at once', async () => {
    const user = await setup();
    const monitor = await createMonitor(user);
    expect(monitor).toMatchObject({
      name: 'Shop',
      url: 'https://shop.example.com',
      method: 'GET',
      headers: {},
      expectedStatus: '200-399',
      keyword: null,
      timeoutSeconds: 30,
      followRedirects: true,
      ignoreTlsErrors: false,
      degradedAboveMs: null,
      intervalSeconds: 15 * 60,
      paused: false,
      public: false,
      status: 'pending',
      nextRunAt: START,
      createdAt: START,
    });
  });

  it('stores every field it is given', async () => {
    const user = await setup('pro');
    const monitor = await createMonitor(user, {
      method: 'POST',
      headers: { 'x-token': 'abc' },
      body: '{"ping":true}',
      expectedStatus: '301, 200-299',
      keyword: { mode: 'not_contains', value: 'error' },
      timeoutSeconds: 10,
      followRedirects: false,
      ignoreTlsErrors: true,
      degradedAboveMs: 800,
      intervalMinutes: 1,
    });
    const fetched = await (await send(user, 'GET', `/monitors/${monitor.id}`)).json();
    expect(fetched).toMatchObject({
      method: 'POST',
      headers: { 'x-token': 'abc' },
      body: '{"ping":true}',
      expectedStatus: '200-299,301',
      keyword: { mode: 'not_contains', value: 'error' },
      timeoutSeconds: 10,
      followRedirects: false,
      ignoreTlsErrors: true,
      degradedAboveMs: 800,
      intervalSeconds: 60,
    });
  });

  it.each([
    [{ url: 'ftp://files.example.com' }, 'url: Enter a full http:// or https:// URL.'],
    [{ name: '' }, 'name: Give the monitor a name.'],
    [{ timeoutSeconds: 61 }, 'timeoutSeconds: The timeout can be at most 60 seconds.'],
    [{ method: 'TRACE' }, 'method:'],
    [{ expectedStatus: 'ok' }, 'expectedStatus: '],
    [{ expectedStatus: '700' }, 'expectedStatus: '],
  ])('refuses %j with a 422 naming the field', async (overrides, message) => {
    const user = await setup();
    const response = await send(user, 'POST', '/monitors', {
      name: 'X',
      url: 'https://x.example.com',
      ...overrides,
    });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message.startsWith(message)).toBe(true);
  });
});

describe('plan limits', () => {
  it('stores the public flag on create and changes it on update', async () => {
    const user = await setup();
    const monitor = await createMonitor(user, { public: true });
    expect(monitor.public).toBe(true);
    const updated = await (await send(user, 'PATCH', `/monitors/${monitor.id}`, { public: false })).json();
    expect(updated.public).toBe(false);
    const fetched = await (await send(user, 'GET', `/monitors/${monitor.id}`)).json();
    expect(fetched.public).toBe(false);
  });

  it('refuses the sixth monitor on free with monitor_limit_reached, storing nothing', async () => {
    const user = await setup('free');
    for (let i = 0; i < 5; i++) await createMonitor(user, { name: `M${i}` });
    const sixth = await send(user, 'POST', '/monitors', { name: 'M6', url: 'https://six.example.com' });
    expect(sixth.status).toBe(403);
    const { error } = await sixth.json();
    expect(error.code).toBe('monitor_limit_reached');
    expect(error.message).toContain('Free plan (5 monitors)');
    expect((await (await send(user, 'GET', '/monitors')).json()).monitors).toHaveLength(5);
  });

  it('refuses a 5-minute interval on free, and on update too', async () => {
    const user = await setup('free');
    const refused = await send(user, 'POST', '/monitors', {
      name: 'A',
      url: 'https://a.example.com',
      intervalMinutes: 5,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('interval_below_plan_minimum');

    const monitor = await createMonitor(user, { intervalMinutes: 15 });
    const update = await send(user, 'PATCH', `/monitors/${monitor.id}`, { intervalMinutes: 10 });
    expect(update.status).toBe(403);
    expect((await update.json()).error.code).toBe('interval_below_plan_minimum');
  });

  it('allows the plan minimum: 10 minutes on starter, 1 minute on pro', async () => {
    const starter = await setup('starter');
    expect((await createMonitor(starter, { intervalMinutes: 10 })).intervalSeconds).toBe(600);
    await t.close();
    const pro = await setup('pro');
    expect((await createMonitor(pro, { intervalMinutes: 1 })).intervalSeconds).toBe(60);
  });

  it('accepts second intervals only in test mode', async () => {
    const user = await setup('free', false);
    const refused = await send(user, 'POST', '/monitors', {
      name: 'A',
      url: 'https://a.example.com',
      intervalSeconds: 5,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual({
      code: 'interval_seconds_test_mode_only',
      message:
        'intervalSeconds must be a whole number of minutes (a multiple of 60, e.g. 300 for 5 minutes); 5 is not. Seconds are only available in test mode.',
    });
    await t.close();
    const tester = await setup('free', true);
    expect((await createMonitor(tester, { intervalSeconds: 5 })).intervalSeconds).toBe(5);
  });
});

describe('intervals in seconds outside test mode', () => {
  it('takes whole minutes given in seconds, as minutes under the plan minimum', async () => {
    const user = await setup('starter', false);
    const created = await createMonitor(user, { intervalSeconds: 600 });
    expect(created.intervalSeconds).toBe(600);
    const fast = await send(user, 'POST', '/monitors', {
      name: 'B',
      url: 'https://b.example.com',
      intervalSeconds: 300,
    });
    expect(fast.status).toBe(403);
    expect((await fast.json()).error.code).toBe('interval_below_plan_minimum');
    const edited = await send(user, 'PATCH', `/monitors/${created.id}`, { intervalSeconds: 1200 });
    expect((await edited.json()).intervalSeconds).toBe(1200);
    const odd = await send(user, 'PATCH', `/monitors/${created.id}`, { intervalSeconds: 90 });
    expect(odd.status).toBe(400);
    expect((await odd.json()).error.code).toBe('interval_seconds_test_mode_only');
  });
});

describe('editing, pausing and checking', () => {
  it('updates fields, pauses, resumes and makes a check due now', async () => {
    const user = await setup();
    const monitor = await createMonitor(user);
    clock.advance(60_000);
    const renamed = await (await send(user, 'PATCH', `/monitors/${monitor.id}`, { name: 'Shop EU' })).json();
    expect(renamed).toMatchObject({ name: 'Shop EU', updatedAt: START + 60_000 });

    const paused = await (await send(user, 'POST', `/monitors/${monitor.id}/pause`)).json();
    expect(paused).toMatchObject({ paused: true, status: 'paused', nextRunAt: null });
    const refused = await send(user, 'POST', `/monitors/${monitor.id}/check`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('monitor_paused');

    clock.advance(60_000);
    const resumed = await (await send(user, 'POST', `/monitors/${monitor.id}/resume`)).json();
    expect(resumed).toMatchObject({ paused: false, status: 'pending', nextRunAt: START + 120_000 });

    clock.advance(30_000);
    const checked = await (await send(user, 'POST', `/monitors/${monitor.id}/check`)).json();
    expect(checked.nextRunAt).toBe(START + 150_000);
  });

  it('deletes the monitor with its results and rollups', async () => {
    const user = await setup();
    const monitor = await createMonitor(user);
    const { db } = t.database;
    await insertResults(db, [
      {
        monitor_id: monitor.id,
        checked_at: START,
        status_code: 200,
        total_ms: 100,
        dns_ms: 1,
        connect_ms: 1,
        tls_ms: 1,
        ttfb_ms: 90,
        download_ms: 7,
        response_bytes: 10,
      },
    ]);
    expect(await countResults(db)).toBe(1);
    await db
      .insertInto('rollups_hourly')
      .values({
        monitor_id: monitor.id,
        bucket_start: START,
        checks: 1,
        up_checks: 1,
        degraded_checks: 0,
        latency_sum_ms: 100,
        latency_min_ms: 100,
        latency_max_ms: 100,
      })
      .execute();
    expect((await send(user, 'DELETE', `/monitors/${monitor.id}`)).status).toBe(204);
    expect((await send(user, 'GET', `/monitors/${monitor.id}`)).status).toBe(404);
    expect(await countResults(db)).toBe(0);
    expect(await db.selectFrom('rollups_hourly').selectAll().execute()).toEqual([]);
  });
});

describe('listing', () => {
  it('pages with a cursor and filters by text and status', async () => {
    const user = await setup('pro');
    for (let i = 0; i < 5; i++) {
      await createMonitor(user, { name: `Site ${i}`, url: `https://site${i}.example.com`, paused: i === 4 });
      clock.advance(1000);
    }
    const first = await (await send(user, 'GET', '/monitors?limit=2')).json();
    expect(first.monitors.map((m: { name: string }) => m.name)).toEqual(['Site 0', 'Site 1']);
    const second = await (await send(user, 'GET', `/monitors?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.monitors.map((m: { name: string }) => m.name)).toEqual(['Site 2', 'Site 3']);
    const third = await (await send(user, 'GET', `/monitors?limit=2&cursor=${second.nextCursor}`)).json();
    expect(third).toMatchObject({ nextCursor: null });
    expect(third.monitors).toHaveLength(1);

    const search = await (await send(user, 'GET', '/monitors?q=SITE3')).json();
    expect(search.monitors.map((m: { name: string }) => m.name)).toEqual(['Site 3']);
    const paused = await (await send(user, 'GET', '/monitors?status=paused')).json();
    expect(paused.monitors.map((m: { name: string }) => m.name)).toEqual(['Site 4']);
    expect((await send(user, 'GET', '/monitors?cursor=garbage')).status).toBe(400);
    expect((await (await send(user, 'GET', '/monitors?q=%25')).json()).monitors).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('gives another user 404 for every route on a monitor, and leaves it untouched', async () => {
    const owner = await setup();
    const monitor = await createMonitor(owner);
    const intruder = await createUser(t.auth);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/monitors/${monitor.id}`],
      ['PATCH', `/monitors/${monitor.id}`, { name: 'Hacked' }],
      ['DELETE', `/monitors/${monitor.id}`],
      ['POST', `/monitors/${monitor.id}/pause`],
      ['POST', `/monitors/${monitor.id}/resume`],
      ['POST', `/monitors/${monitor.id}/check`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await send(intruder, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.code).toBe('monitor_not_found');
    }
    expect((await (await send(intruder, 'GET', '/monitors')).json()).monitors).toEqual([]);
    const untouched = await (await send(owner, 'GET', `/monitors/${monitor.id}`)).json();
    expect(untouched).toMatchObject({ name: 'Shop', paused: false });
  });

  it('requires a session', async () => {
    await setup();
    expect((await t.request('/api/v1/monitors')).status).toBe(401);
  });
});

describe('private targets at creation', () => {
  it.each([
    'http://10.0.0.1/',
    'http://127.0.0.1:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://0x7f000001/',
    'https://db.internal.test/',
  ])('refuses %s with 422 private_target and stores nothing', async (url) => {
    const user = await setup();
    const response = await send(user, 'POST', '/monitors', { name: 'Inside', url });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('private_target');
    expect(error.message).toMatch(/Upwatch only checks public addresses/);
    expect((await (await send(user, 'GET', '/monitors')).json()).monitors).toEqual([]);
  });

  it('refuses an edit that points a monitor inside', async () => {
    const user = await setup();
    const monitor = await createMonitor(user);
    const response = await send(user, 'PATCH', `/monitors/${monitor.id}`, {
      url: 'https://db.internal.test/',
    });
    expect(response.status).toBe(422);
    expect((await (await send(user, 'GET', `/monitors/${monitor.id}`)).json()).url).toBe(
      'https://shop.example.com',
    );
  });

  it('allows a name that does not resolve yet', async () => {
    const user = await setup();
    expect((await createMonitor(user, { url: 'https://launching-soon.test/' })).url).toBe(
      'https://launching-soon.test/',
    );
  });

  it('allows loopback when ALLOW_PRIVATE_TARGETS is on', async () => {
    clock = new ManualClock(START);
    t = await createTestApp({}, { clock, allowPrivateTargets: true });
    const user = await createUser(t.auth);
    expect((await createMonitor(user, { url: 'http://127.0.0.1:8080/health' })).url).toBe(
      'http://127.0.0.1:8080/health',
    );
  });
});
