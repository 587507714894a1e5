import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { buildApp, createTestApp, type TestApp } from '../test/test-app.ts';

const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
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

const planOf = async (user: TestUser) =>
  ((await (await send(user, 'GET', '/me/plan')).json()) as { plan: string }).plan;

function grants(customerId: string) {
  return t.database.db
    .selectFrom('billing_products')
    .select(['product_id', 'granted_manually', 'status'])
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'expired')
    .orderBy('created_at')
    .execute();
}

describe('DEFAULT_PLAN', () => {
  it('gives a new user’s workspace the plan: a sixth monitor and an API key are allowed', async () => {
    t = await createTestApp(
      { billing: { kind: 'local', defaultPlan: 'pro' } },
      { clock: new ManualClock(START) },
    );
    const user = await createUser(t.auth);
    for (let i = 1; i <= 6; i++) {
      const created = await send(user, 'POST', '/monitors', {
        name: `M${i}`,
        url: `https://m${i}.example.com`,
      });
      expect(created.status, await created.clone().text()).toBe(201);
    }
    const key = await send(user, 'POST', '/api-keys', { name: 'CI' });
    expect(key.status, await key.clone().text()).toBe(201);
    expect(await planOf(user)).toBe('pro');
    expect(await grants(user.id)).toEqual([{ product_id: 'pro', granted_manually: 1, status: 'active' }]);
  });

  it('without it a new workspace stays on Free and its sixth monitor is refused', async () => {
    t = await createTestApp({}, { clock: new ManualClock(START) });
    const user = await createUser(t.auth);
    for (let i = 1; i <= 5; i++)
      await send(user, 'POST', '/monitors', { name: `M${i}`, url: `https://m${i}.example.com` });
    const sixth = await send(user, 'POST', '/monitors', { name: 'M6', url: 'https://m6.example.com' });
    expect(sixth.status).toBe(403);
    expect(await planOf(user)).toBe('free');
  });

  it('grants it at start to workspaces made before, once, and leaves a paid plan or a higher grant', async () => {
    t = await createTestApp({}, { clock: new ManualClock(START) });
    const existing = await createUser(t.auth);
    const paying = await createUser(t.auth);
    const granted = await createUser(t.auth);
    const attach = t.billing.attach;
    if (!attach) throw new Error('local billing expected');
    await attach.completeCheckout(paying.id, { product_id: 'starter' });
    await t.grant(granted.id, 'pro');
    expect(await planOf(existing)).toBe('free');

    const restarted = buildApp(
      t.database,
      { billing: { kind: 'local', defaultPlan: 'starter' } },
      { clock: new ManualClock(START + 60_000) },
    );
    expect(await restarted.billing.applyDefaultPlan()).toBe(1);
    expect(await planOf(existing)).toBe('starter');
    expect(await grants(existing.id)).toEqual([
      { product_id: 'starter', granted_manually: 1, status: 'active' },
    ]);
    expect(await grants(paying.id)).toEqual([
      { product_id: 'starter', granted_manually: 0, status: 'active' },
    ]);
    expect(await planOf(granted)).toBe('pro');
    // A second start finds nothing left to grant.
    expect(await restarted.billing.applyDefaultPlan()).toBe(0);
  });

  it('raises a lower grant to the default plan', async () => {
    t = await createTestApp({}, { clock: new ManualClock(START) });
    const user = await createUser(t.auth);
    await t.grant(user.id, 'starter');
    const restarted = buildApp(t.database, { billing: { kind: 'local', defaultPlan: 'pro' } });
    expect(await restarted.billing.applyDefaultPlan()).toBe(1);
    expect(await planOf(user)).toBe('pro');
  });
});
