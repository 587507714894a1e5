// A catalogue that exercises every rule of BILLING.md, including those Upwatch's own does not
// use (credit systems, usage limits, entity-linked items, trials, yearly prices). Its top four
// products are §12's worked-example catalogue: Pro $20/month, Team $50/month, ProY $200/year, Free.
import type { Catalogue, CustomerProduct, Product, ProductItem } from './types.ts';

const monthly = (price: number): ProductItem => ({ type: 'price', price, interval: 'month' });

function product(id: string, name: string, items: ProductItem[], extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    group: '',
    is_add_on: false,
    is_default: false,
    version: 1,
    items,
    free_trial: null,
    ...extra,
  };
}

const checks = (included: number, extra: Partial<ProductItem> = {}): ProductItem => ({
  type: 'feature',
  feature_id: 'checks',
  included_usage: included,
  interval: 'month',
  ...extra,
});

export const TEST_CATALOGUE: Catalogue = {
  features: [
    { id: 'checks', name: 'Checks', type: 'single_use', display: { singular: 'Check', plural: 'Checks' } },
    { id: 'seats', name: 'Seats', type: 'continuous_use', display: { singular: 'Seat', plural: 'Seats' } },
    {
      id: 'messages',
      name: 'Messages',
      type: 'single_use',
      display: { singular: 'Message', plural: 'Messages' },
    },
    { id: 'sso', name: 'SSO', type: 'boolean' },
    {
      id: 'credits',
      name: 'Credits',
      type: 'credit_system',
      credit_schema: [{ metered_feature_id: 'messages', credit_cost: 2 }],
    },
  ],
  products: [
    product('pro', 'Pro', [
      monthly(20),
      checks(1000, { config: { rollover: { max: 500, duration: 'month', length: 1 } } }),
      {
        type: 'priced_feature',
        feature_id: 'messages',
        included_usage: 100,
        price: 1,
        billing_units: 100,
        usage_model: 'pay_per_use',
        usage_limit: 1000,
        interval: 'month',
      },
    ]),
    product('team', 'Team', [
      monthly(50),
      { type: 'feature', feature_id: 'seats', included_usage: 5, interval: null },
      checks(10000, { entity_feature_id: 'seats' }),
      { type: 'feature', feature_id: 'sso' },
    ]),
    product('pro_y', 'ProY', [{ type: 'price', price: 200, interval: 'year' }, checks(1000)]),
    product('free', 'Free', [checks(100), { type: 'feature', feature_id: 'seats', included_usage: 1 }], {
      is_default: true,
    }),
    product('growth', 'Growth', [monthly(30), checks(5000)], {
      free_trial: { duration: 'day', length: 14, unique_fingerprint: true, card_required: false },
    }),
    product('scale', 'Scale', [monthly(100), checks(50000)], {
      free_trial: { duration: 'month', length: 1, unique_fingerprint: false, card_required: true },
    }),
    product('usage', 'Usage', [
      {
        type: 'priced_feature',
        feature_id: 'checks',
        included_usage: 0,
        price: 1,
        billing_units: 1000,
        interval: 'month',
      },
    ]),
    product(
      'extra_seats',
      'Extra seats',
      [
        {
          type: 'priced_feature',
          feature_id: 'seats',
          price: 10,
          billing_units: 1,
          usage_model: 'prepaid',
          interval: 'month',
        },
      ],
      { is_add_on: true },
    ),
    product(
      'credit_pack',
      'Credit pack',
      [
        {
          type: 'priced_feature',
          feature_id: 'credits',
          price: 10,
          billing_units: 100,
          usage_model: 'prepaid',
        },
      ],
      { is_add_on: true },
    ),
  ],
};

export const DAY = 86_400_000;
/** A 30-day period starting 1 Jan 2025, so "day 10" leaves exactly 20/30 of it. */
export const PERIOD_START = Date.UTC(2025, 0, 1);
export const PERIOD_END = PERIOD_START + 30 * DAY;

/** A customer's copy of a catalogue product, active over the 30-day test period. */
export function holding(
  catalogue: Catalogue,
  productId: string,
  overrides: Partial<CustomerProduct> = {},
): CustomerProduct {
  const source = catalogue.products.find((p) => p.id === productId);
  if (!source) throw new Error(`No product ${productId} in the test catalogue`);
  return {
    row_id: `cp_${productId}`,
    id: source.id,
    name: source.name,
    group: source.group,
    is_add_on: source.is_add_on,
    is_default: source.is_default,
    version: source.version,
    items: source.items,
    status: 'active',
    canceled_at: null,
    started_at: PERIOD_START,
    current_period_start: PERIOD_START,
    current_period_end: PERIOD_END,
    ...overrides,
  };
}
