// The public ping endpoint and the heartbeat API: validation, tokens, body cut, rate limit, paused
// monitors, the ping log's owner scope, and a cron heartbeat kept up for a day across a DST change.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HeartbeatHarness, startHeartbeatHarness } from './test/heartbeat-harness.ts';

const MINUTE = 60_000;
let h: HeartbeatHarness;

beforeEach(async () => {
  h = await startHeartbeatHarness();
});
afterEach(async () => {
  await h.close();
});

const post = (body: Record<string, unknown>) =>
  h.app.send(h.owner, 'POST', '/monitors', { kind: 'heartbeat', name: 'Job', ...body });

describe('creating a heartbeat', () => {
  it('answers its ping URL under PUBLIC_URL, its schedule and a target for people', async () => {
    const monitor = await h.create({ cron: '*/5 * * * *', timezone: 'Europe/Berlin', graceSeconds: 120 });
    expect(monitor).toMatchObject({
      kind: 'heartbeat',
      periodSeconds: null,
      cron: '*/5 * * * *',
      timezone: 'Europe/Berlin',
      graceSeconds: 120,
      target: '*/5 * * * * (Europe/Berlin)',
      status: 'pending',
      late: false,
    });
    expect(monitor.pingUrl).toMatch(/^http:\/\/localhost:3000\/api\/ping\/[A-Za-z0-9_-]{22}$/);
    expect((await h.create({ periodSeconds: 300 })).target).toBe('every 5 min');
    // No host, so no domain to watch.
    const watched = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/domain`)).json();
    expect(watched.domain).toBeNull();
  });

  it.each([
    [{ cron: '61 * * * *' }, 'cron: Not a valid cron expression: Invalid value for minute: 61.'],
    [{ cron: '* * * *' }, 'cron: A cron expression has 5 fields'],
    [{ cron: '0 0 31 2 *' }, 'cron: This cron expression never runs.'],
    [{ cron: '* * * * *', timezone: 'Mars/Olympus' }, 'timezone: Enter an IANA time zone'],
    [{ periodSeconds: 300, cron: '*/5 * * * *' }, 'periodSeconds: Give either periodSeconds or cron.'],
    [{}, 'periodSeconds: Give either periodSeconds or cron.'],
  ])('refuses %j with validation_failed saying why', async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message.startsWith(message), error.message).toBe(true);
  });

  it("refuses a period or cron below the plan's minimum interval, naming it", async () => {
    const free = await h.app.user('free');
    const response = await h.app.send(free, 'POST', '/monitors', {
      kind: 'heartbeat',
      name: 'x',
      periodSeconds: 300,
    });
    expect(response.status).toBe(403);
    const { error } = await response.json();
    expect(error.code).toBe('interval_below_plan_minimum');
    expect(error.message).toContain('at most every 15 minutes');
    const cron = await h.app.send(free, 'POST', '/monitors', {
      kind: 'heartbeat',
      name: 'x',
      cron: '*/10 * * * *',
    });
    expect(cron.status).toBe(403);
    expect(
      (await h.app.send(free, 'POST', '/monitors', { kind: 'heartbeat', name: 'x', cron: '0 * * * *' }))
        .status,
    ).toBe(201);
  });

  it('keeps its token when its schedule is edited, and refuses an invalid cron on update', async () => {
    const monitor = await h.create({ periodSeconds: 300 });
    const updated = await (
      await h.app.send(h.owner, 'PATCH', `/monitors/${monitor.id}`, { graceSeconds: 60 })
    ).json();
    expect(updated).toMatchObject({ graceSeconds: 60, pingUrl: monitor.pingUrl });
    const bad = await h.app.send(h.owner, 'PATCH', `/monitors/${monitor.id}`, {
      periodSeconds: null,
      cron: 'nope',
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toMatch(/^cron: A cron expression has 5 fields/);
    expect((await h.app.send(h.owner, 'POST', `/monitors/${monitor.id}/check`)).status).toBe(409);
  });
});

describe('the ping endpoint', () => {
  it('answers 404 to an unknown token, as to a malformed one, on every method', async () => {
    for (const path of [
      '/api/ping/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/ping/x',
      '/api/ping/AAAAAAAAAAAAAAAAAAAAAA/start',
    ]) {
      const response = await h.app.request(path, { method: 'POST' });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    }
    expect((await h.app.request('/api/ping/nope', { method: 'HEAD' })).status).toBe(404);
  });

  it('accepts GET, POST and HEAD without a session, and stores an 11 KB body cut to 10 KB', async () => {
    const monitor = await h.create({ periodSeconds: 3600 });
    expect((await h.ping(monitor, '', { method: 'GET' })).status).toBe(200);
    expect((await h.ping(monitor, '', { method: 'HEAD' })).status).toBe(200);
    const body = 'x'.repeat(11 * 1024);
    const response = await h.ping(monitor, '/fail', {
      method: 'POST',
      body,
      headers: { 'user-agent': 'curl/8.5.0', 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(200);
    const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/pings`)).json();
    expect(pings).toHaveLength(3);
    expect(pings[0]).toMatchObject({ kind: 'fail', userAgent: 'curl/8.5.0', bodyTruncated: true });
    expect(pings[0].body).toBe('x'.repeat(10 * 1024));
    expect(pings[1]).toMatchObject({ kind: 'success', body: null, bodyTruncated: false });
  });

  it('keeps a ping whose body holds U+0000, the character shown as U+FFFD (PostgreSQL cannot store it)', async () => {
    const monitor = await h.create({ periodSeconds: 3600 });
    const response = await h.ping(monitor, '', { method: 'POST', body: 'exit\u0000code 0\u0000' });
    expect(response.status).toBe(200);
    const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/pings`)).json();
    expect(pings[0]).toMatchObject({ kind: 'success', body: 'exit\uFFFDcode 0\uFFFD' });
  });

  it('refuses the 61st ping within a minute with 429, and takes pings again a minute later', async () => {
    const monitor = await h.create({ periodSeconds: 3600 });
    for (let i = 0; i < 60; i++) {
      expect((await h.ping(monitor)).status).toBe(200);
      h.app.clock.advance(500);
    }
    const refused = await h.ping(monitor);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    h.app.clock.advance(MINUTE);
    expect((await h.ping(monitor)).status).toBe(200);
  });

  it('records a ping for a paused monitor and changes nothing', async () => {
    const monitor = await h.create({ periodSeconds: 3600 });
    await h.app.send(h.owner, 'POST', `/monitors/${monitor.id}/pause`);
    expect((await h.ping(monitor, '/fail')).status).toBe(200);
    expect(await h.get(monitor.id)).toMatchObject({ status: 'paused', nextRunAt: null });
    expect(await h.results(monitor.id)).toEqual([]);
    const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/pings`)).json();
    expect(pings.map((p: { kind: string }) => p.kind)).toEqual(['fail']);
  });

  it('keeps the last 100 pings, newest first, and shows them to their owner only', async () => {
    const monitor = await h.create({ periodSeconds: 3600 });
    for (let i = 0; i < 105; i++) {
      await h.ping(monitor, `?rid=r${i}`);
      h.app.clock.advance(2000);
    }
    const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/pings`)).json();
    expect(pings).toHaveLength(100);
    expect(pings[0].rid).toBe('r104');
    expect(pings[99].rid).toBe('r5');
    const other = await h.app.user('pro');
    const response = await h.app.send(other, 'GET', `/monitors/${monitor.id}/pings`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('monitor_not_found');
  });
});

describe('a cron heartbeat across a DST change', () => {
  it('stays up for 24 h of */5 in Europe/Berlin with 2 min grace when pinged on time', async () => {
    // Berlin moves its clocks from 02:00 to 03:00 on 28 March 2027 (01:00 UTC).
    const start = Date.UTC(2027, 2, 27, 12, 0, 0);
    h.app.clock.advance(start - h.app.clock.now());
    const monitor = await h.create({ cron: '*/5 * * * *', timezone: 'Europe/Berlin', graceSeconds: 120 });
    for (let tick = start; tick <= start + 24 * 60 * MINUTE; tick += 5 * MINUTE) {
      await h.advanceTo(tick + 40_000);
      expect((await h.ping(monitor)).status).toBe(200);
      const answer = await h.get(monitor.id);
      expect(answer).toMatchObject({ status: 'up', late: false, nextDueAt: tick + 5 * MINUTE });
    }
    expect(await h.incidents()).toEqual([]);
    const results = await h.results(monitor.id);
    expect(results).toHaveLength(24 * 12 + 1);
    expect(results.every((result) => result.status === 'up')).toBe(true);
  });
});
