import { describe, expect, it } from 'vitest';
import { planAttach } from './attach.ts';
import { BillingError } from './errors.ts';
import type { AttachRequest, CustomerState } from './plan-types.ts';
import { DAY, holding, PERIOD_END, PERIOD_START, TEST_CATALOGUE } from './test-catalogue.ts';
import type { Catalogue, CustomerProduct } from './types.ts';
import { UPWATCH_CATALOGUE } from './upwatch-catalogue.ts';

const DAY_10 = PERIOD_START + 10 * DAY;

function state(
  products: CustomerProduct[] | null,
  has_payment_method = true,
  trials_used: string[] = [],
): CustomerState {
  return { products, has_payment_method, trials_used };
}
const has = (id: string, o: Partial<CustomerProduct> = {}, catalogue: Catalogue = TEST_CATALOGUE) =>
  holding(catalogue, id, o);
const attach = (
  s: CustomerState,
  request: AttachRequest,
  now = DAY_10,
  catalogue: Catalogue = TEST_CATALOGUE,
) => planAttach(catalogue, s, request, now);
const amounts = (plan: ReturnType<typeof attach>) => plan.preview.lines.map((l) => l.amount);

describe('BILLING.md §12 worked examples (Pro $20, Team $50, ProY $200/year, Free)', () => {
  it('Pro on day 10 of 30 upgrading to Team charges −13.33 + 33.33 = 20.00, next cycle 50 at the period end', () => {
    const plan = attach(state([has('pro')]), { product_id: 'team' });
    expect(plan.scenario).toBe('upgrade');
    expect(plan.branch).toBe('upgrade');
    expect(plan.code).toBe('updated_product_successfully');
    expect(amounts(plan)).toEqual([-13.33, 33.33]);
    expect(plan.preview.total).toBe(20);
    expect(plan.preview.has_prorations).toBe(true);
    expect(plan.preview.next_cycle).toEqual({ starts_at: PERIOD_END, total: 50 });
    expect(plan.needs_payment_page).toBe(false);
    expect(plan.changes).toEqual([
      { kind: 'expire', row_id: 'cp_pro', at: DAY_10 },
      expect.objectContaining({
        kind: 'activate',
        product_id: 'team',
        status: 'active',
        period_start: PERIOD_START,
        period_end: PERIOD_END,
        carry_usage_from: 'cp_pro',
      }),
    ]);
  });

  it('Team → Pro schedules a downgrade: no lines, 0 today, Pro at 20 from the period end', () => {
    const plan = attach(state([has('team')]), { product_id: 'pro' });
    expect(plan.scenario).toBe('downgrade');
    expect(plan.code).toBe('downgrade_scheduled');
    expect(plan.preview.lines).toEqual([]);
    expect(plan.preview.total).toBe(0);
    expect(plan.preview.next_cycle).toEqual({ starts_at: PERIOD_END, total: 20 });
    expect(plan.changes).toEqual([
      { kind: 'cancel', row_id: 'cp_team', canceled_at: DAY_10, ends_at: PERIOD_END },
      { kind: 'schedule', product_id: 'pro', entity_id: null, options: [], starts_at: PERIOD_END },
    ]);
  });

  it('re-attaching Team after that downgrade renews: the scheduled Pro is deleted and Team un-cancelled', () => {
    const products = [has('team', { canceled_at: DAY_10 }), has('pro', { status: 'scheduled' })];
    const plan = attach(state(products), { product_id: 'team' });
    expect(plan.scenario).toBe('renew');
    expect(plan.code).toBe('renewed_product');
    expect(plan.preview.total).toBe(0);
    expect(plan.preview.lines).toEqual([]);
    expect(plan.changes).toEqual([
      { kind: 'delete', row_id: 'cp_pro' },
      { kind: 'uncancel', row_id: 'cp_team' },
    ]);
  });

  it('Pro → Free is cancel: nothing today and Free scheduled at the period end', () => {
    const plan = attach(state([has('pro')]), { product_id: 'free' });
    expect(plan.scenario).toBe('cancel');
    expect(plan.preview).toMatchObject({
      lines: [],
      total: 0,
      next_cycle: { starts_at: PERIOD_END, total: 0 },
    });
    expect(plan.changes.at(-1)).toMatchObject({
      kind: 'schedule',
      product_id: 'free',
      starts_at: PERIOD_END,
    });
  });

  it('Pro → ProY is an upgrade that credits unused Pro, charges 200 and starts a yearly period now', () => {
    const plan = attach(state([has('pro')]), { product_id: 'pro_y' });
    expect(plan.scenario).toBe('upgrade');
    expect(amounts(plan)).toEqual([-13.33, 200]);
    expect(plan.preview.total).toBe(186.67);
    expect(plan.preview.next_cycle).toEqual({ starts_at: Date.UTC(2026, 0, 11), total: 200 });
    expect(plan.changes[1]).toMatchObject({
      kind: 'activate',
      product_id: 'pro_y',
      period_start: DAY_10,
      period_end: Date.UTC(2026, 0, 11),
    });
  });

  it('Free → Pro without a card is an upgrade of 20.00 that needs the payment page', () => {
    const plan = attach(
      state([has('free', { current_period_start: null, current_period_end: null })], false),
      { product_id: 'pro' },
    );
    expect(plan.scenario).toBe('upgrade');
    expect(plan.branch).toBe('cur_free');
    expect(plan.preview.total).toBe(20);
    expect(plan.needs_payment_page).toBe(true);
    expect(plan.code).toBe('checkout_created');
    expect(plan.changes[0]).toEqual({ kind: 'expire', row_id: 'cp_free', at: DAY_10 });
  });
});

describe('Upwatch numbers (issue 4)', () => {
  const up = (id: string, o: Partial<CustomerProduct> = {}) => has(id, o, UPWATCH_CATALOGUE);

  it('starter → pro on day 10 of 30 previews −12.67 + 26.00 = 13.33 due today', () => {
    const plan = attach(state([up('starter')]), { product_id: 'pro' }, DAY_10, UPWATCH_CATALOGUE);
    expect(amounts(plan)).toEqual([-12.67, 26]);
    expect(plan.preview.total).toBe(13.33);
    expect(plan.preview.next_cycle).toEqual({ starts_at: PERIOD_END, total: 39 });
  });

  it('monitor_pack from 20 to 30 monitors with 20 of 30 days left charges 3.33', () => {
    const pack = up('monitor_pack', { options: [{ feature_id: 'monitors', quantity: 20 }] });
    const plan = attach(
      state([up('starter'), pack]),
      { product_id: 'monitor_pack', options: [{ feature_id: 'monitors', quantity: 30 }] },
      DAY_10,
      UPWATCH_CATALOGUE,
    );
    expect(plan.branch).toBe('update_quantity');
    expect(plan.code).toBe('features_updated');
    expect(amounts(plan)).toEqual([-6.67, 10]);
    expect(plan.preview.total).toBe(3.33);
    expect(plan.preview.has_prorations).toBe(true);
    expect(plan.preview.options).toEqual([{ feature_id: 'monitors', quantity: 30 }]);
    expect(plan.preview.next_cycle).toEqual({ starts_at: PERIOD_END, total: 15 });
    expect(plan.changes).toEqual([
      {
        kind: 'update_options',
        row_id: 'cp_monitor_pack',
        options: [{ feature_id: 'monitors', quantity: 30 }],
      },
    ]);
  });

  it('monitor_pack quantity 20 on free buys 2 packs for $10 and rounds 15 up to 20', () => {
    const plan = attach(
      state([up('free')]),
      { product_id: 'monitor_pack', options: [{ feature_id: 'monitors', quantity: 15 }] },
      DAY_10,
      UPWATCH_CATALOGUE,
    );
    expect(plan.branch).toBe('add_on');
    expect(plan.preview.options).toEqual([{ feature_id: 'monitors', quantity: 20 }]);
    expect(plan.preview.total).toBe(10);
  });

  it('a second performance_run_pack tops up the one already held', () => {
    const plan = attach(
      state([up('free'), up('performance_run_pack')]),
      { product_id: 'performance_run_pack' },
      DAY_10,
      UPWATCH_CATALOGUE,
    );
    expect(plan.branch).toBe('top_up');
    expect(plan.code).toBe('one_off_product_attached');
    expect(plan.preview.total).toBe(5);
    expect(plan.changes).toEqual([
      {
        kind: 'add_options',
        row_id: 'cp_performance_run_pack',
        options: [{ feature_id: 'performance_runs', quantity: 50 }],
      },
    ]);
  });
});

describe('attach branches (BILLING.md §6)', () => {
  it('attaches a new product for full price with no next cycle when nothing is held', () => {
    const plan = attach(state([]), { product_id: 'pro' });
    expect(plan).toMatchObject({
      branch: 'new',
      scenario: 'new',
      code: 'new_product_attached',
      needs_payment_page: false,
    });
    expect(plan.preview.total).toBe(20);
    expect(plan.preview.next_cycle).toBeUndefined();
    expect(plan.changes[0]).toMatchObject({
      kind: 'activate',
      period_start: DAY_10,
      period_end: Date.UTC(2025, 1, 11),
    });
  });

  it('shows a pay-per-use item as a text line at 0', () => {
    const plan = attach(state([]), { product_id: 'pro' });
    expect(plan.preview.lines.map((l) => l.description)).toEqual(['Pro', 'Pro - $1 per 100 Messages']);
  });

  it('starts a card-free trial without a payment page: every amount 0, next cycle at the trial end', () => {
    const plan = attach(state([], false), { product_id: 'growth' });
    const trialEnd = DAY_10 + 14 * DAY;
    expect(plan.needs_payment_page).toBe(false);
    expect(plan.preview.total).toBe(0);
    expect(plan.preview.next_cycle).toEqual({ starts_at: trialEnd, total: 30 });
    expect(plan.changes[0]).toMatchObject({
      status: 'trialing',
      trial_ends_at: trialEnd,
      period_end: trialEnd,
    });
  });

  it('sends a card-required trial to the payment page when no card is on file', () => {
    expect(attach(state([], false), { product_id: 'scale' }).needs_payment_page).toBe(true);
  });

  it('gives no trial to a customer who used it, or when free_trial is false', () => {
    expect(attach(state([], true, ['growth']), { product_id: 'growth' }).preview.total).toBe(30);
    expect(attach(state([]), { product_id: 'growth', free_trial: false }).preview.total).toBe(30);
  });

  it.each([
    ['force_checkout', { force_checkout: true }],
    ['a public key', { public_key: true }],
  ])('sends a paid new product to the payment page on %s even with a card', (_n, extra) => {
    expect(attach(state([]), { product_id: 'pro', ...extra }).code).toBe('checkout_created');
  });

  it('never needs a payment page to attach a free product', () => {
    expect(attach(state([], false), { product_id: 'free' })).toMatchObject({
      needs_payment_page: false,
      code: 'free_product_attached',
    });
  });

  it('refuses to attach the active product again', () => {
    expect(() => attach(state([has('pro')]), { product_id: 'pro' })).toThrow(
      expect.objectContaining({ code: 'product_already_attached' }),
    );
  });

  it('refuses to attach a product that is already scheduled', () => {
    const products = [has('team', { canceled_at: 1 }), has('pro', { status: 'scheduled' })];
    expect(() => attach(state(products), { product_id: 'pro' })).toThrow(BillingError);
  });

  it('renews a cancelled product that has nothing scheduled', () => {
    const plan = attach(state([has('pro', { canceled_at: 1 })]), { product_id: 'pro' });
    expect(plan.changes).toEqual([{ kind: 'uncancel', row_id: 'cp_pro' }]);
  });

  it('migrates a product on an older version without charging', () => {
    const plan = attach(state([has('pro', { version: 0 })]), { product_id: 'pro' });
    expect(plan.branch).toBe('migrate');
    expect(plan.preview.total).toBe(0);
  });

  it('expires a trialing product and adds the upgrade fresh at full price', () => {
    const trialing = has('growth', { status: 'trialing', trial_ends_at: PERIOD_END });
    const plan = attach(state([trialing], true, ['scale']), {
      product_id: 'scale',
    });
    expect(plan.branch).toBe('cur_trialing');
    expect(plan.preview.total).toBe(100);
    expect(plan.preview.has_prorations).toBe(false);
  });

  it('charges accrued pay-per-use overage of the old product on an upgrade', () => {
    const plan = attach(state([has('pro', { usage: { messages: 350 } })]), { product_id: 'team' });
    expect(amounts(plan)).toEqual([-13.33, 3, 33.33]);
    expect(plan.preview.total).toBe(23);
  });

  it('prorates a recurring add-on into a paid plan’s period', () => {
    const plan = attach(state([has('pro')]), {
      product_id: 'extra_seats',
      options: [{ feature_id: 'seats', quantity: 3 }],
    });
    expect(amounts(plan)).toEqual([20]);
    expect(plan.preview.next_cycle).toEqual({ starts_at: PERIOD_END, total: 30 });
  });

  it('schedules a downgrade from a trial at the trial end', () => {
    const trialEnd = DAY_10 + 4 * DAY;
    const plan = attach(state([has('scale', { status: 'trialing', trial_ends_at: trialEnd })]), {
      product_id: 'growth',
    });
    expect(plan.changes.at(-1)).toMatchObject({ kind: 'schedule', starts_at: trialEnd });
    expect(plan.preview.next_cycle?.starts_at).toBe(trialEnd);
  });

  describe('several products at once', () => {
    it('adds them together for the sum of their prices', () => {
      const plan = attach(state([has('free')], false), { product_ids: ['pro', 'credit_pack'] });
      expect(plan.preview.total).toBe(30);
      expect(plan.preview.product_ids).toEqual(['pro', 'credit_pack']);
      expect(plan.needs_payment_page).toBe(true);
    });

    it.each([
      ['one is already attached', [has('free'), has('credit_pack')]],
      ['a paid main product exists', [has('team')]],
      ['a product is scheduled', [has('free'), has('pro', { status: 'scheduled' })]],
    ])('refuses when %s', (_n, products) => {
      expect(() => attach(state(products), { product_ids: ['pro', 'credit_pack'] })).toThrow(
        expect.objectContaining({ code: 'invalid_request' }),
      );
    });
  });
});
