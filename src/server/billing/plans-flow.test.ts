import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { billingClient, DECLINED_CARD, TEST_CARD } from './test/billing-client.ts';

const DAY = 86_400_000;
// November has 30 days, so a monthly period started here is 30 days long.
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

const live = (customer: { products: { id: string; status: string }[] }) =>
  customer.products.map((p) => `${p.id}:${p.status}`).sort();

async function subscribe(client: ReturnType<typeof billingClient>, productId: string) {
  const attached = await client.post('/attach', { productId });
  expect(attached.body.code).toBe('checkout_created');
  const paid = await client.pay(attached.body.checkout_url, TEST_CARD);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

describe('plans through /api/billing', () => {
  it('sign-up makes a free customer with the free plan’s balances', async () => {
    const { user, client } = await setup();
    const customer = await client.customer();
    expect(customer.id).toBe(user.id);
    expect(customer.email).toBe(user.email);
    expect(live(customer)).toEqual(['free:active']);
    expect(customer.features.monitors).toMatchObject({ balance: 5, usage: 0, included_usage: 5 });
    expect(customer.features.performance_runs).toMatchObject({ balance: 10, interval: 'month' });
    expect(customer.features.basic_monitoring.type).toBe('static');
    expect(customer.features.ssl_monitoring.type).toBe('static');
    expect(customer.features.incident_management).toBeUndefined();
  });

  it('free → starter without a card needs the payment page; the test card activates it with a 19.00 invoice', async () => {
    const { client } = await setup();
    const preview = await client.post('/checkout', { productId: 'starter' });
    expect(preview.status).toBe(200);
    expect(preview.body.url).toMatch(/\/billing\/checkout\/co_/);
    expect(preview.body.total).toBe(19);
    expect(preview.body.product.scenario).toBe('upgrade');
    expect(preview.body.current_product.id).toBe('free');

    const attached = await client.post('/attach', { product_id: 'starter' });
    expect(attached.body.code).toBe('checkout_created');
    expect(live(await client.customer())).toEqual(['free:active']);

    const page = await client.get(`/sandbox/checkouts/${attached.body.checkout_url.split('/').pop()}`);
    expect(page.body).toMatchObject({
      kind: 'checkout',
      completed: false,
      total: 19,
      product: { id: 'starter' },
    });

    const paid = await client.pay(attached.body.checkout_url, TEST_CARD);
    expect(paid.body.redirect_url).toBe('/dashboard/settings/billing');
    const customer = await client.customer(['invoices', 'payment_method']);
    expect(live(customer)).toEqual(['starter:active']);
    expect(customer.invoices).toHaveLength(1);
    expect(customer.invoices[0]).toMatchObject({ total: 19, status: 'paid', product_ids: ['starter'] });
    expect(customer.payment_method).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(customer.features.monitors.balance).toBe(25);

    const again = await client.pay(attached.body.checkout_url, TEST_CARD);
    expect(again.body.code).toBe('checkout_completed');
  });

  it('a declined card says so and changes nothing', async () => {
    const { client } = await setup();
    const attached = await client.post('/attach', { productId: 'pro' });
    const before = await client.customer(['invoices', 'payment_method']);
    const declined = await client.pay(attached.body.checkout_url, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({
      code: 'card_declined',
      message: 'Your card was declined. Nothing was charged and your plan is unchanged.',
    });
    expect(await client.customer(['invoices', 'payment_method'])).toEqual(before);
    const wrong = await client.pay(attached.body.checkout_url, '1234 5678 9012 3456');
    expect(wrong.body.code).toBe('invalid_card');
  });

  it('starter → pro on day 10 of 30 previews −12.67 + 26.00 = 13.33 and charges it', async () => {
    const { client } = await setup();
    await subscribe(client, 'starter');
    clock.advance(10 * DAY);
    const preview = await client.post('/checkout', { productId: 'pro' });
    expect(preview.body.url).toBeNull();
    expect(preview.body.lines.map((l: { amount: number }) => l.amount)).toEqual([-12.67, 26]);
    expect(preview.body.total).toBe(13.33);
    expect(preview.body.has_prorations).toBe(true);
    expect(preview.body.next_cycle).toEqual({ starts_at: START + 30 * DAY, total: 39 });

    const attached = await client.post('/attach', { productId: 'pro' });
    expect(attached.body.code).toBe('updated_product_successfully');
    expect(attached.body.invoice.total).toBe(13.33);
    const customer = await client.customer();
    expect(live(customer)).toEqual(['pro:active']);
    expect(customer.products[0].current_period_end).toBe(START + 30 * DAY);
  });

  it('pro → starter schedules a downgrade, and attaching pro again renews it', async () => {
    const { client } = await setup();
    await subscribe(client, 'pro');
    const down = await client.post('/attach', { productId: 'starter' });
    expect(down.body.code).toBe('downgrade_scheduled');
    const customer = await client.customer();
    expect(live(customer)).toEqual(['pro:active', 'starter:scheduled']);
    expect(customer.products.find((p: { id: string }) => p.id === 'pro').canceled_at).toBe(START);
    const products = (await client.get('/products')).body.list;
    expect(products.find((p: { id: string }) => p.id === 'pro').scenario).toBe('renew');
    expect(products.find((p: { id: string }) => p.id === 'starter').scenario).toBe('scheduled');

    const renew = await client.post('/attach', { productId: 'pro' });
    expect(renew.body.code).toBe('renewed_product');
    const renewed = await client.customer();
    expect(live(renewed)).toEqual(['pro:active']);
    expect(renewed.products[0].canceled_at).toBeNull();
  });

  it('a scheduled downgrade starts at the period end with its own invoice', async () => {
    const { client } = await setup();
    await subscribe(client, 'pro');
    await client.post('/attach', { productId: 'starter' });
    clock.advance(30 * DAY);
    await t.billing.periodic();
    const customer = await client.customer(['invoices']);
    expect(live(customer)).toEqual(['starter:active']);
    expect(customer.invoices[0]).toMatchObject({ total: 19, reason: 'renewal', product_ids: ['starter'] });
    expect(customer.features.monitors.balance).toBe(25);
  });

  it('cancel at the end of the cycle: still pro until the period end, then free', async () => {
    const { client } = await setup();
    await subscribe(client, 'pro');
    const cancelled = await client.post('/cancel', { productId: 'pro' });
    expect(cancelled.body).toEqual({ success: true, customer_id: expect.any(String), product_id: 'pro' });
    expect(live(await client.customer())).toEqual(['free:scheduled', 'pro:active']);

    clock.advance(30 * DAY - 60_000);
    await t.billing.periodic();
    expect(live(await client.customer())).toEqual(['free:scheduled', 'pro:active']);

    clock.advance(60_000);
    await t.billing.periodic();
    const customer = await client.customer(['invoices']);
    expect(live(customer)).toEqual(['free:active']);
    expect(customer.invoices).toHaveLength(1);
    expect(customer.features.monitors.balance).toBe(5);
  });

  it('an uncancelled paid plan renews each period with one invoice per renewal', async () => {
    const { client } = await setup();
    await subscribe(client, 'starter');
    clock.advance(30 * DAY);
    await t.billing.periodic();
    clock.advance(31 * DAY);
    await t.billing.periodic();
    const customer = await client.customer(['invoices']);
    expect(customer.invoices.map((i: { total: number }) => i.total)).toEqual([19, 19, 19]);
    expect(customer.products[0].current_period_start).toBe(Date.UTC(2027, 0, 1, 12));
  });

  it('two period passes at once renew once', async () => {
    const { client } = await setup();
    await subscribe(client, 'starter');
    clock.advance(30 * DAY);
    const processed = await Promise.all([t.billing.periodic(), t.billing.periodic()]);
    // One pass processes the customer; the other finds the pass running and does nothing.
    expect(processed).toEqual([1, 0]);
    const customer = await client.customer(['invoices']);
    expect(customer.invoices.map((i: { total: number }) => i.total)).toEqual([19, 19]);
  });

  it('cancelling immediately refunds the unused part and returns to free at once', async () => {
    const { client } = await setup();
    await subscribe(client, 'pro');
    clock.advance(15 * DAY);
    await client.post('/cancel', { productId: 'pro', cancelImmediately: true });
    const customer = await client.customer(['invoices']);
    expect(live(customer)).toEqual(['free:active']);
    expect(customer.invoices[0]).toMatchObject({ reason: 'refund', total: -19.5 });
  });
});
