import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { billingClient, TEST_CARD } from './test/billing-client.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;

async function setup() {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, catalogue: TEST_CATALOGUE });
  const user = await createUser(t.auth);
  return { user, client: billingClient(t, user) };
}
afterEach(async () => {
  await t?.close();
});

describe('trials (BILLING.md §9)', () => {
  it('a card-free trial starts without payment, ends into the paid plan with an invoice, and is offered once', async () => {
    const { client } = await setup();
    const preview = await client.post('/checkout', { productId: 'growth' });
    expect(preview.body).toMatchObject({
      url: null,
      total: 0,
      next_cycle: { starts_at: START + 14 * DAY, total: 30 },
    });
    const attached = await client.post('/attach', { productId: 'growth' });
    expect(attached.body.code).toBe('new_product_attached');
    const trialing = await client.customer(['trials_used']);
    expect(trialing.products.map((p: { id: string; status: string }) => `${p.id}:${p.status}`)).toEqual([
      'growth:trialing',
    ]);
    expect(trialing.products[0].trial_ends_at).toBe(START + 14 * DAY);
    expect(trialing.trials_used.map((u: { product_id: string }) => u.product_id)).toEqual(['growth']);
    expect((await client.post('/check', { productId: 'growth' })).body.status).toBe('trialing');

    clock.advance(14 * DAY);
    await t.billing.periodic();
    const paid = await client.customer(['invoices']);
    expect(paid.products[0]).toMatchObject({ id: 'growth', status: 'active' });
    expect(paid.invoices.map((i: { total: number }) => i.total)).toEqual([30]);

    const products = (await client.get('/products')).body.list;
    expect(products.find((p: { id: string }) => p.id === 'growth').free_trial.trial_available).toBe(false);
  });

  it('a trial that needs a card goes through the payment page, and free_trial:false skips it', async () => {
    const { client } = await setup();
    const attached = await client.post('/attach', { productId: 'scale' });
    expect(attached.body.code).toBe('checkout_created');
    await client.pay(attached.body.checkout_url, TEST_CARD);
    expect((await client.customer()).products[0]).toMatchObject({ id: 'scale', status: 'trialing' });

    const other = billingClient(t, await createUser(t.auth));
    const skip = await other.post('/checkout', { productId: 'growth', freeTrial: false });
    expect(skip.body.total).toBe(30);
  });
});
