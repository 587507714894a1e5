import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { billingClient, TEST_CARD } from './test/billing-client.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;

async function setup() {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock });
  const user = await createUser(t.auth);
  return { user, client: billingClient(t, user) };
}
afterEach(async () => {
  await t?.close();
});

function monitors(user: TestUser, method: string, path = '', body?: unknown) {
  return t.request(`/api/v1/monitors${path}`, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function addMonitors(user: TestUser, count: number, intervalMinutes?: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await monitors(user, 'POST', '', {
      name: `Site ${i}`,
      url: `https://site${i}.example.com`,
      ...(intervalMinutes ? { intervalMinutes } : {}),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    ids.push((await response.json()).id);
  }
  return ids;
}

async function buy(client: ReturnType<typeof billingClient>, productId: string, options?: unknown) {
  const attached = await client.post('/attach', { productId, options });
  if (attached.body.checkout_url) await client.pay(attached.body.checkout_url, TEST_CARD);
  return attached;
}

describe('add-ons', () => {
  it('monitor_pack: 20 monitors are 2 packs; moving to 30 with 20 of 30 days left charges 3.33', async () => {
    const { client } = await setup();
    const preview = await client.post('/checkout', {
      productId: 'monitor_pack',
      options: [{ featureId: 'monitors', quantity: 20 }],
    });
    expect(preview.body.total).toBe(10);
    expect(preview.body.options).toEqual([{ feature_id: 'monitors', quantity: 20 }]);
    await buy(client, 'monitor_pack', [{ featureId: 'monitors', quantity: 20 }]);
    expect((await client.customer()).features.monitors).toMatchObject({ balance: 25, included_usage: 25 });

    clock.advance(10 * DAY);
    const update = await client.post('/attach', {
      productId: 'monitor_pack',
      options: [{ featureId: 'monitors', quantity: 30 }],
    });
    expect(update.body.code).toBe('features_updated');
    expect(update.body.invoice.total).toBe(3.33);
    expect((await client.customer()).features.monitors.balance).toBe(35);
  });

  it('performance_run_pack adds 50 runs on top of the monthly balance, and they outlive the reset', async () => {
    const { user, client } = await setup();
    await buy(client, 'performance_run_pack');
    expect((await client.customer()).features.performance_runs.balance).toBe(60);
    await t.billing.entitlements.track(user.id, 'performance_runs', 12);
    // The monthly 10 go first, then 2 of the pack's 50.
    expect((await client.customer()).features.performance_runs.balance).toBe(48);
    clock.advance(30 * DAY);
    await t.billing.periodic();
    expect((await client.customer()).features.performance_runs.balance).toBe(58);

    await buy(client, 'performance_run_pack');
    expect((await client.customer()).features.performance_runs.balance).toBe(108);
  });
});

describe('the monitor limit comes from balances', () => {
  it('a free user with one monitor_pack (10) can create 15 monitors and not 16', async () => {
    const { user, client } = await setup();
    await buy(client, 'monitor_pack', [{ featureId: 'monitors', quantity: 10 }]);
    await addMonitors(user, 15);
    const refused = await monitors(user, 'POST', '', { name: 'One more', url: 'https://more.example.com' });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.error.code).toBe('monitor_limit_reached');
    expect(body.error.message).toContain('15 monitors');
    expect((await client.customer()).features.monitors).toMatchObject({ usage: 15, balance: 0 });
  });

  it('deleting a monitor gives its unit back', async () => {
    const { user, client } = await setup();
    const ids = await addMonitors(user, 5);
    expect((await monitors(user, 'POST', '', { name: 'x', url: 'https://x.example.com' })).status).toBe(403);
    expect((await monitors(user, 'DELETE', `/${ids[0]}`)).status).toBe(204);
    expect((await client.customer()).features.monitors.balance).toBe(1);
    await addMonitors(user, 1);
  });

  it('pro with 30 monitors moving to free keeps all 30, is refused new ones until under 5, and 1-minute checks become 15', async () => {
    const { user, client } = await setup();
    await buy(client, 'pro');
    const ids = await addMonitors(user, 30, 1);
    await client.post('/cancel', { productId: 'pro' });
    clock.advance(30 * DAY);
    await t.billing.periodic();

    const list = await (await monitors(user, 'GET', '?limit=100')).json();
    expect(list.monitors).toHaveLength(30);
    expect(new Set(list.monitors.map((m: { intervalSeconds: number }) => m.intervalSeconds))).toEqual(
      new Set([900]),
    );
    expect((await client.customer()).features.monitors).toMatchObject({ usage: 30, balance: -25 });

    for (const id of ids.slice(0, 25)) await monitors(user, 'DELETE', `/${id}`);
    const atLimit = await monitors(user, 'POST', '', { name: 'x', url: 'https://x.example.com' });
    expect((await atLimit.json()).error.code).toBe('monitor_limit_reached');
    await monitors(user, 'DELETE', `/${ids[25]}`);
    await addMonitors(user, 1);
    const refused = await monitors(user, 'POST', '', { name: 'x', url: 'https://x.example.com' });
    expect((await refused.json()).error.code).toBe('monitor_limit_reached');
    const tooFast = await monitors(user, 'PATCH', `/${ids[29]}`, { intervalMinutes: 1 });
    expect((await tooFast.json()).error.code).toBe('interval_below_plan_minimum');
  });

  it('GET /api/v1/me/plan reports the effective plan, limits, remaining counts and flags', async () => {
    const { user, client } = await setup();
    await addMonitors(user, 2);
    const plan = async () =>
      (await t.request('/api/v1/me/plan', { headers: { cookie: user.cookie } })).json();
    expect(await plan()).toMatchObject({
      plan: 'free',
      paid: false,
      minCheckIntervalMinutes: 15,
      limits: {
        monitors: { limit: 5, used: 2, remaining: 3 },
        performanceRuns: { limit: 10, remaining: 10 },
      },
      features: { sslMonitoring: true, incidentManagement: false },
    });
    await buy(client, 'pro');
    expect(await plan()).toMatchObject({
      plan: 'pro',
      paid: true,
      isPro: true,
      minCheckIntervalMinutes: 1,
      limits: { monitors: { limit: 100, used: 2, remaining: 98 }, performanceSites: { remaining: 999999 } },
      features: { incidentManagement: true, prioritySupport: true },
    });
  });
});

describe('Upwatch rule 1: server-owned features', () => {
  it('refuses a browser track of monitors (value −1000) or page views, an entity on them and a send_event check', async () => {
    const { client } = await setup();
    const before = await client.customer();
    for (const [path, body] of [
      ['/track', { featureId: 'monitors', value: -1000 }],
      ['/track', { event_name: 'performance_runs' }],
      ['/track', { featureId: 'rum_pageviews', value: -1_000_000 }],
      ['/entities', { id: 'e1', featureId: 'performance_sites' }],
      ['/check', { featureId: 'performance_runs', sendEvent: true }],
    ] as const) {
      const refused = await client.post(path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code).toBe('feature_not_client_trackable');
      expect(typeof refused.body.message).toBe('string');
    }
    expect(await client.customer()).toEqual(before);
  });
});
