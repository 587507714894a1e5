import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { billingClient, TEST_CARD } from './test/billing-client.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;

async function setup(poolSize?: number) {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, catalogue: TEST_CATALOGUE, poolSize });
  const user = await createUser(t.auth);
  return { user, client: billingClient(t, user) };
}
afterEach(async () => {
  await t?.close();
});

describe('track', () => {
  it('deducts the value and answers event_received', async () => {
    const { user, client } = await setup();
    const tracked = await client.post('/track', { featureId: 'checks', value: 3 });
    expect(tracked.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      code: 'event_received',
      customer_id: user.id,
      feature_id: 'checks',
    });
    expect((await client.customer()).features.checks).toMatchObject({ balance: 97, usage: 3 });
  });

  it('a repeated idempotency_key returns duplicate_event and changes nothing', async () => {
    const { client } = await setup();
    expect((await client.post('/track', { featureId: 'checks', idempotencyKey: 'run-1' })).status).toBe(200);
    const repeat = await client.post('/track', { featureId: 'checks', idempotencyKey: 'run-1', value: 50 });
    expect(repeat.status).toBe(400);
    expect(repeat.body.code).toBe('duplicate_event');
    expect((await client.customer()).features.checks.balance).toBe(99);
    expect((await client.post('/query', { featureId: 'checks', range: '24h' })).body.list.at(-1).checks).toBe(
      1,
    );
  });

  it('refuses unknown features and events, and a missing customer', async () => {
    const { user, client } = await setup();
    expect((await client.post('/track', { featureId: 'nope' })).body.code).toBe('feature_not_found');
    expect((await client.post('/track', { eventName: 'nope' })).body.code).toBe('invalid_event_name');
    expect((await client.post('/track', {})).body.code).toBe('invalid_request');
    await t.database.db.deleteFrom('billing_customers').where('id', '=', user.id).execute();
    const missing = await client.post('/track', { featureId: 'checks' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('customer_not_found');
    expect((await client.post('/check', { featureId: 'checks' })).body.code).toBe('customer_not_found');
  });

  it('50 concurrent tracks count exactly 50 units', async () => {
    const { client } = await setup(10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.post('/track', { featureId: 'checks' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await client.customer()).features.checks).toMatchObject({ usage: 50, balance: 50 });
  });
});

describe('check (BILLING.md §7)', () => {
  it('boolean: allowed only with an entitlement; the paywall preview names the product', async () => {
    const { user, client } = await setup();
    const denied = await client.post('/check', { featureId: 'sso', withPreview: true });
    expect(denied.body).toMatchObject({ allowed: false, code: 'feature_found', feature_id: 'sso' });
    expect(denied.body.preview).toMatchObject({
      scenario: 'feature_flag',
      title: 'Upgrade to Team',
      upgrade_product_id: 'team',
    });
    await t.grant(user.id, 'team');
    const allowed = await client.post('/check', { featureId: 'sso' });
    expect(allowed.body).toEqual({
      customer_id: user.id,
      feature_id: 'sso',
      code: 'feature_found',
      allowed: true,
    });
  });

  it('metered: the balance must cover required_balance (default 1)', async () => {
    const { client } = await setup();
    expect((await client.post('/check', { featureId: 'checks', requiredBalance: 100 })).body).toMatchObject({
      allowed: true,
      balance: 100,
      required_balance: 100,
    });
    expect((await client.post('/check', { featureId: 'checks', requiredBalance: 101 })).body.allowed).toBe(
      false,
    );
    const limited = await client.post('/check', {
      featureId: 'checks',
      requiredBalance: 101,
      withPreview: true,
    });
    expect(limited.body.preview.scenario).toBe('usage_limit');
  });

  it('usage-limited pay-per-use: balance + (usage_limit − included) decides', async () => {
    const { user, client } = await setup();
    await t.grant(user.id, 'pro');
    const at = (n: number) => client.post('/check', { featureId: 'messages', requiredBalance: n });
    expect((await at(1000)).body).toMatchObject({ allowed: true, balance: 100, usage_limit: 1000 });
    expect((await at(1001)).body.allowed).toBe(false);
    await client.post('/track', { featureId: 'messages', value: 1500 });
    expect((await client.customer()).features.messages.balance).toBe(-900);
  });

  it('credit system: answers for a metered feature at its credit cost, and track charges it', async () => {
    const { client } = await setup();
    expect((await client.post('/check', { featureId: 'messages' })).body.allowed).toBe(false);
    const attached = await client.post('/attach', { productId: 'credit_pack' });
    await client.pay(attached.body.checkout_url, TEST_CARD);
    const check = await client.post('/check', { featureId: 'messages', requiredBalance: 3 });
    expect(check.body).toMatchObject({
      allowed: true,
      feature_id: 'credits',
      required_balance: 6,
      balance: 100,
    });
    await client.post('/track', { featureId: 'messages', value: 10 });
    expect((await client.customer()).features.credits.balance).toBe(80);
  });

  it('send_event tracks the required balance when allowed', async () => {
    const { client } = await setup();
    await client.post('/check', { featureId: 'checks', requiredBalance: 4, sendEvent: true });
    expect((await client.customer()).features.checks.balance).toBe(96);
  });

  it('product: allowed while active, and says canceled once cancelling', async () => {
    const { user, client } = await setup();
    expect((await client.post('/check', { productId: 'free' })).body).toMatchObject({
      allowed: true,
      status: 'active',
    });
    expect((await client.post('/check', { productId: 'pro' })).body.allowed).toBe(false);
    await t.grant(user.id, 'pro');
    await client.post('/cancel', { productId: 'pro' });
    expect((await client.post('/check', { productId: 'pro' })).body).toMatchObject({
      allowed: true,
      status: 'canceled',
    });
    expect((await client.post('/check', { featureId: 'checks', productId: 'pro' })).body.code).toBe(
      'invalid_request',
    );
  });
});

describe('query', () => {
  it('sums event values per bucket for each range', async () => {
    const { client } = await setup();
    await client.post('/track', { featureId: 'checks', value: 2 });
    clock.advance(HOUR);
    await client.post('/track', { featureId: 'checks', value: 5 });
    await client.post('/track', { featureId: 'messages', value: 1 });
    clock.advance(2 * DAY);
    await client.post('/track', { featureId: 'checks', value: 7 });

    const hourly = (await client.post('/query', { featureId: ['checks', 'messages'], range: '24h' })).body
      .list;
    expect(hourly).toHaveLength(24);
    expect(hourly.at(-1)).toEqual({ period: START + 2 * DAY + HOUR, checks: 7, messages: 0 });

    const weekly = (await client.post('/query', { featureId: 'checks', range: '7d' })).body.list;
    expect(weekly).toHaveLength(7);
    expect(weekly.slice(-3).map((b: { checks: number }) => b.checks)).toEqual([7, 0, 7]);
    for (const range of ['30d', '90d']) {
      const list = (await client.post('/query', { featureId: 'checks', range })).body.list;
      expect(list).toHaveLength(Number.parseInt(range, 10));
      expect(list.reduce((s: number, b: { checks: number }) => s + b.checks, 0)).toBe(14);
    }
    const cycle = (await client.post('/query', { featureId: 'checks' })).body.list;
    expect(cycle.reduce((s: number, b: { checks: number }) => s + b.checks, 0)).toBe(14);
  });
});

describe('entities (BILLING.md §8)', () => {
  it('an entity takes a seat and holds its own linked balance; deleting returns the seat', async () => {
    const { user, client } = await setup();
    await t.grant(user.id, 'team');
    const created = await client.post('/entities', { id: 'u1', name: 'Ada', featureId: 'seats' });
    expect(created.body).toMatchObject({ id: 'u1', name: 'Ada', customer_id: user.id });
    expect((await client.customer()).features.seats.usage).toBe(1);
    expect((await client.post('/check', { featureId: 'checks', entityId: 'u1' })).body.balance).toBe(10000);
    await client.post('/track', { featureId: 'checks', entityId: 'u1', value: 10 });
    expect((await client.get('/entities/u1')).body.features.checks.balance).toBe(9990);
    expect((await client.post('/entities', { id: 'u1', featureId: 'seats' })).status).toBe(400);
    expect((await client.call('DELETE', '/entities/u1')).body).toEqual({ success: true });
    expect((await client.customer()).features.seats.usage).toBe(0);
    expect((await client.get('/entities/u1')).body.code).toBe('entity_not_found');
  });

  it('beyond the seats on hand is feature_limit_reached', async () => {
    const { client } = await setup();
    expect((await client.post('/entities', { id: 'a', featureId: 'seats' })).status).toBe(200);
    const second = await client.post('/entities', { id: 'b', featureId: 'seats' });
    expect(second.body.code).toBe('feature_limit_reached');
  });
});
