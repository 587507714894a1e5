// One contract for both providers: the local engine, and the hosted adapter talking to a
// stub that speaks the hosted API's shape (delegating to a local engine underneath).
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createHostedProvider } from './hosted-provider.ts';
import type { BillingProvider } from './provider.ts';
import { type HostedStub, startHostedStub } from './test/hosted-stub.ts';

const SECRET = 'am_sk_test_contract';
let t: TestApp;
let stub: HostedStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
  await t?.close();
});

type Make = () => Promise<BillingProvider>;

async function localProvider() {
  return t.billing.provider;
}

async function hostedProvider() {
  stub = await startHostedStub(t.billing.provider, SECRET);
  return createHostedProvider({ apiUrl: stub.url, secretKey: SECRET });
}

function contract(name: string, make: Make) {
  describe(`billing provider contract: ${name}`, () => {
    async function setup() {
      t = await createTestApp(
        {},
        { clock: new ManualClock(Date.UTC(2026, 10, 1)), catalogue: TEST_CATALOGUE },
      );
      const user = await createUser(t.auth);
      const provider = await make();
      const identity = { id: user.id, name: user.name, email: user.email };
      return { user, provider, identity };
    }

    it('gets or creates the customer with its default product', async () => {
      const { provider, identity } = await setup();
      const customer = (await provider.customer(identity, { expand: ['invoices'] })) as {
        products: { id: string }[];
      };
      expect(customer).toMatchObject({ id: identity.id, email: identity.email, invoices: [] });
      expect(customer.products.map((p) => p.id)).toEqual(['free']);
    });

    it('lists products with the customer’s scenarios', async () => {
      const { provider, identity } = await setup();
      const { list } = (await provider.products(identity.id)) as { list: { id: string; scenario: string }[] };
      expect(list.find((p) => p.id === 'free')?.scenario).toBe('active');
      expect(list.find((p) => p.id === 'pro')?.scenario).toBe('upgrade');
    });

    it('checkout and attach of a paid product without a card send to a payment page', async () => {
      const { provider, identity } = await setup();
      const preview = (await provider.checkout(identity, { product_id: 'pro' })) as Record<string, unknown>;
      expect(preview).toMatchObject({
        customer_id: identity.id,
        total: 20,
        url: expect.stringContaining('/billing/checkout/'),
      });
      const attached = (await provider.attach(identity, { product_id: 'pro' })) as Record<string, unknown>;
      expect(attached).toMatchObject({ code: 'checkout_created', product_ids: ['pro'] });
    });

    it('track, check and query agree', async () => {
      const { provider, identity } = await setup();
      await provider.track(identity.id, { feature_id: 'checks', value: 30, idempotency_key: 'k' });
      await expect(
        provider.track(identity.id, { feature_id: 'checks', idempotency_key: 'k' }),
      ).rejects.toMatchObject({
        code: 'duplicate_event',
        status: 400,
      });
      expect(await provider.check(identity.id, { feature_id: 'checks', required_balance: 70 })).toMatchObject(
        {
          allowed: true,
          balance: 70,
        },
      );
      expect(await provider.check(identity.id, { feature_id: 'checks', required_balance: 71 })).toMatchObject(
        {
          allowed: false,
        },
      );
      const { list } = (await provider.query(identity.id, { feature_id: 'checks', range: '7d' })) as {
        list: { checks: number }[];
      };
      expect(list.reduce((s, b) => s + b.checks, 0)).toBe(30);
    });

    it('keeps error codes and statuses', async () => {
      const { provider, identity } = await setup();
      await expect(provider.track(identity.id, { feature_id: 'nope' })).rejects.toMatchObject({
        code: 'feature_not_found',
        status: 404,
      });
      await expect(provider.getEntity(identity.id, 'ghost')).rejects.toMatchObject({
        code: 'entity_not_found',
      });
      await expect(provider.cancel(identity.id, { product_id: 'team' })).rejects.toMatchObject({
        status: 404,
      });
    });

    it('entities: create, read, delete', async () => {
      const { provider, identity } = await setup();
      expect(await provider.createEntities(identity.id, { id: 'u1', feature_id: 'seats' })).toMatchObject({
        id: 'u1',
      });
      expect(await provider.getEntity(identity.id, 'u1')).toMatchObject({
        id: 'u1',
        customer_id: identity.id,
      });
      expect(await provider.deleteEntity(identity.id, 'u1')).toEqual({ success: true });
    });

    it('billing portal, payment setup and referral codes', async () => {
      const { provider, identity } = await setup();
      expect(await provider.billingPortal(identity.id, {})).toMatchObject({
        url: expect.stringContaining('/billing/portal'),
      });
      expect(await provider.setupPayment(identity.id, {})).toMatchObject({
        url: expect.stringContaining('/billing/setup/'),
      });
      const code = (await provider.referralCode(identity.id, { program_id: 'friends' })) as { code: string };
      expect(code.code).toMatch(/^[A-Z0-9]{6}$/);
    });

    it('cancels at the end of the cycle', async () => {
      const { user, provider, identity } = await setup();
      await t.grant(user.id, 'pro');
      expect(await provider.cancel(identity.id, { product_id: 'pro' })).toEqual({
        success: true,
        customer_id: identity.id,
        product_id: 'pro',
      });
      const customer = (await provider.customer(identity, {})) as {
        products: { id: string; canceled_at: number }[];
      };
      expect(customer.products.find((p) => p.id === 'pro')?.canceled_at).toBe(Date.UTC(2026, 10, 1));
    });
  });
}

contract('local', localProvider);
contract('hosted adapter against the hosted-shaped stub', hostedProvider);

describe('hosted adapter wire format', () => {
  it('sends the secret key and API version, and puts the customer where the hosted API expects it', async () => {
    t = await createTestApp({}, { catalogue: TEST_CATALOGUE });
    const user = await createUser(t.auth);
    stub = await startHostedStub(t.billing.provider, SECRET);
    const hosted = createHostedProvider({ apiUrl: stub.url, secretKey: SECRET });
    await hosted.track(user.id, { feature_id: 'checks' });
    await hosted.billingPortal(user.id, { return_url: 'http://localhost:3000/x' });
    expect(stub.requests.map((r) => [r.method, r.path, r.version])).toEqual([
      ['POST', '/v1/track', '1.2'],
      ['POST', `/v1/customers/${user.id}/billing_portal`, '1.2'],
    ]);
    expect(stub.requests[0]?.body).toEqual({ feature_id: 'checks', customer_id: user.id });

    const wrongKey = createHostedProvider({ apiUrl: stub.url, secretKey: 'am_sk_wrong' });
    await expect(wrongKey.track(user.id, { feature_id: 'checks' })).rejects.toMatchObject({
      code: 'invalid_secret_key',
      status: 401,
    });
  });
});
