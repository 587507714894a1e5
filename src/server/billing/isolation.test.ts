import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { billingClient, TEST_CARD } from './test/billing-client.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function setup() {
  t = await createTestApp({}, { clock: new ManualClock(Date.UTC(2026, 10, 1)), catalogue: TEST_CATALOGUE });
  const owner = await createUser(t.auth);
  const other = await createUser(t.auth);
  return { owner, other, mine: billingClient(t, owner), theirs: billingClient(t, other) };
}

describe('one customer never reads or changes another’s billing', () => {
  it('a body naming another customer acts on the signed-in one', async () => {
    const { owner, other, mine, theirs } = await setup();
    const before = await mine.customer(['invoices', 'entities']);
    const as = { customerId: owner.id, customer_id: owner.id, customerData: { email: 'x@example.test' } };

    expect((await theirs.post('/customers', as)).body.id).toBe(other.id);
    expect((await theirs.post('/track', { ...as, featureId: 'checks', value: 7 })).body.customer_id).toBe(
      other.id,
    );
    expect((await theirs.post('/check', { ...as, featureId: 'checks' })).body.customer_id).toBe(other.id);
    expect((await theirs.post('/checkout', { ...as, productId: 'pro' })).body.customer_id).toBe(other.id);
    expect((await theirs.post('/attach', { ...as, productId: 'pro' })).body.customer_id).toBe(other.id);
    expect((await theirs.post('/setup_payment', as)).body.customer_id).toBe(other.id);
    expect((await theirs.post('/billing_portal', as)).body.customer_id).toBe(other.id);
    expect((await theirs.post('/entities', { ...as, id: 'seat', featureId: 'seats' })).body.customer_id).toBe(
      other.id,
    );
    expect((await theirs.post('/referrals/code', { ...as, programId: 'friends' })).body.customer_id).toBe(
      other.id,
    );
    expect(
      (await theirs.post('/query', { ...as, featureId: 'checks', range: '24h' })).body.list.at(-1).checks,
    ).toBe(7);
    expect((await mine.post('/query', { featureId: 'checks', range: '24h' })).body.list.at(-1).checks).toBe(
      0,
    );
    expect(await mine.customer(['invoices', 'entities'])).toEqual(before);
  });

  it('another customer’s entities, checkouts and invoices are not found', async () => {
    const { mine, theirs } = await setup();
    await mine.post('/entities', { id: 'seat', featureId: 'seats' });
    const attached = await mine.post('/attach', { productId: 'pro' });
    const checkoutId = attached.body.checkout_url.split('/').pop();

    expect((await theirs.get('/entities/seat')).body.code).toBe('entity_not_found');
    expect((await theirs.call('DELETE', '/entities/seat')).body.code).toBe('entity_not_found');
    expect((await theirs.get(`/sandbox/checkouts/${checkoutId}`)).body.code).toBe('checkout_not_found');
    const stolen = await theirs.post(`/sandbox/checkouts/${checkoutId}/pay`, { card_number: TEST_CARD });
    expect(stolen.status).toBe(404);

    await mine.pay(attached.body.checkout_url, TEST_CARD);
    const invoice = (await mine.customer(['invoices'])).invoices[0];
    expect((await mine.get(`/sandbox/invoices/${invoice.id}`)).body.total).toBe(20);
    expect((await theirs.get(`/sandbox/invoices/${invoice.id}`)).status).toBe(404);
    expect((await theirs.post('/cancel', { productId: 'pro' })).body.code).toBe('product_not_found');
    expect((await mine.customer()).products.map((p: { id: string }) => p.id)).toEqual(['pro']);
    expect((await mine.get('/entities/seat')).body.id).toBe('seat');
  });

  it('signed out: 401 no_customer_id, or null with errorOnNotFound false; products stay public', async () => {
    await setup();
    const anonymous = billingClient(t, null);
    for (const path of [
      '/customers',
      '/attach',
      '/checkout',
      '/track',
      '/check',
      '/cancel',
      '/query',
      '/entities',
    ]) {
      const response = await anonymous.post(path, { productId: 'pro', featureId: 'checks' });
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ code: 'no_customer_id', message: 'Sign in to continue.' });
    }
    const quiet = await anonymous.post('/customers', { errorOnNotFound: false });
    expect(quiet.status).toBe(202);
    expect(quiet.body).toBeNull();
    const products = await anonymous.get('/products');
    expect(products.body.list.map((p: { scenario: string }) => p.scenario)).toContain('new');
    expect((await anonymous.post('/cors')).body).toEqual({ message: 'OK' });
  });

  it('takes bodies only as JSON', async () => {
    const { owner } = await setup();
    const form = await t.request('/api/billing/track', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'text/plain' },
      body: JSON.stringify({ featureId: 'checks' }),
    });
    expect(form.status).toBe(415);
    expect((await form.json()).code).toBe('unsupported_media_type');
    const empty = await billingClient(t, owner).call('POST', '/track', undefined);
    expect(empty.body.code).toBe('invalid_request');
    const malformed = await t.request('/api/billing/track', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: '{"featureId": ',
    });
    expect(malformed.status).toBe(400);
  });
});
