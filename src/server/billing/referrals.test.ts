import { afterEach, describe, expect, it } from 'vitest';
import type { ReferralProgram } from '../../core/billing/types.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { billingClient, TEST_CARD } from './test/billing-client.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;

async function setup(programs?: ReferralProgram[]) {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, programs });
  const person = async () => {
    const user = await createUser(t.auth);
    return { user, client: billingClient(t, user) };
  };
  return [await person(), await person(), await person()] as const;
}
afterEach(async () => {
  await t?.close();
});

const live = (customer: { products: { id: string; status: string }[] }) =>
  customer.products.map((p) => `${p.id}:${p.status}`).sort();

describe('referral program friends', () => {
  it('one code per customer and program: 6 characters, the same on every ask', async () => {
    const [alice] = await setup();
    const first = await alice.client.post('/referrals/code', { programId: 'friends' });
    expect(first.body).toEqual({
      code: expect.stringMatching(/^[A-Z0-9]{6}$/),
      customer_id: alice.user.id,
      created_at: START,
    });
    expect((await alice.client.post('/referrals/code', { program_id: 'friends' })).body.code).toBe(
      first.body.code,
    );
    expect((await alice.client.post('/referrals/code', { programId: 'nope' })).status).toBe(404);
  });

  it('the redeemer gets a month of starter, the referrer $10 off the next invoice', async () => {
    const [alice, bob] = await setup();
    const { code } = (await alice.client.post('/referrals/code', { programId: 'friends' })).body;
    const redeemed = await bob.client.post('/referrals/redeem', { code });
    expect(redeemed.body).toMatchObject({
      customer_id: bob.user.id,
      reward_id: 'friends',
      referrer: { id: alice.user.id, email: alice.user.email },
      redeemer: { id: bob.user.id },
    });
    const bobCustomer = await bob.client.customer(['invoices']);
    expect(live(bobCustomer)).toEqual(['free:scheduled', 'starter:active']);
    expect(bobCustomer.invoices).toEqual([]);
    expect(bobCustomer.features.monitors.balance).toBe(25);

    const attached = await alice.client.post('/attach', { productId: 'starter' });
    await alice.client.pay(attached.body.checkout_url, TEST_CARD);
    const invoice = (await alice.client.customer(['invoices', 'referrals'])).invoices[0];
    expect(invoice.total).toBe(9);
    expect(invoice.lines.at(-1)).toEqual({ description: 'Referral credit', amount: -10 });

    clock.advance(30 * DAY);
    await t.billing.periodic();
    expect(live(await bob.client.customer())).toEqual(['free:active']);
  });

  it('refuses one’s own code, a second redemption and an unknown code', async () => {
    const [alice, bob, carol] = await setup();
    const { code } = (await alice.client.post('/referrals/code', { programId: 'friends' })).body;
    const own = await alice.client.post('/referrals/redeem', { code });
    expect(own.body.code).toBe('customer_cannot_redeem_own_code');
    await bob.client.post('/referrals/redeem', { code });
    const carolCode = (await carol.client.post('/referrals/code', { programId: 'friends' })).body.code;
    const twice = await bob.client.post('/referrals/redeem', { code: carolCode });
    expect(twice.body.code).toBe('customer_already_redeemed_referral_code');
    expect((await bob.client.post('/referrals/redeem', { code: 'ZZZZZZ' })).status).toBe(404);
  });

  it('stops at the program’s max_redemptions', async () => {
    const [alice, bob, carol] = await setup([
      {
        id: 'once',
        when: 'customer_creation',
        max_redemptions: 1,
        redeemer_reward: { type: 'invoice_credits', amount: 5 },
        referrer_reward: null,
      },
    ]);
    const { code } = (await alice.client.post('/referrals/code', { programId: 'once' })).body;
    expect((await bob.client.post('/referrals/redeem', { code })).status).toBe(200);
    expect((await bob.client.customer(['rewards'])).rewards).toEqual({ credit_balance: 5, currency: 'usd' });
    const full = await carol.client.post('/referrals/redeem', { code });
    expect(full.body.code).toBe('referral_code_max_redemptions_reached');
  });
});
