import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../core/billing/scenario';
import { makeBillingProduct, makeCheckoutResult } from '../../test/billing';
import { makeAddOnProducts } from '../../test/pricing';
import type { BillingProduct, CheckoutResult } from '../api-types';
import {
  checkoutContent,
  lostFeatures,
  optionInputs,
  priceRows,
  quantityFromUnits,
  showsNextCycle,
  unitsFromQuantity,
} from './checkout-content';

const date = () => 'Apr 3, 2025';
const properties = {
  is_free: false,
  is_one_off: false,
  interval_group: 'month' as const,
  has_trial: false,
  updateable: false,
};

function preview(
  scenario: Scenario,
  product: Partial<BillingProduct> = {},
  overrides: Partial<CheckoutResult> = {},
): CheckoutResult {
  return makeCheckoutResult({
    product: makeBillingProduct({ id: 'pro', name: 'Pro', scenario, properties, ...product }),
    current_product: makeBillingProduct({ id: 'starter', name: 'Starter', scenario: 'active' }),
    ...overrides,
  });
}

describe('checkoutContent (SPEC.md §2 confirmation texts)', () => {
  it.each<[string, CheckoutResult, string, string]>([
    [
      'a one-off product',
      preview('new', { name: 'Performance run pack', properties: { ...properties, is_one_off: true } }),
      'Purchase Performance run pack',
      'By clicking confirm, you will purchase Performance run pack and your card will be charged immediately.',
    ],
    [
      'an active plan with an updateable prepaid quantity',
      preview('active', { properties: { ...properties, updateable: true } }),
      'Update Plan',
      "Update your prepaid quantity. You'll be charged or credited the prorated difference based on your current billing cycle.",
    ],
    [
      'a trial',
      preview('new', { properties: { ...properties, has_trial: true } }),
      'Start trial for Pro',
      'By clicking confirm, you will start a free trial of Pro which ends on Apr 3, 2025.',
    ],
    [
      'a product already scheduled',
      preview('scheduled'),
      'Pro product already scheduled',
      'You are currently on product Starter and are scheduled to start Pro on Apr 3, 2025.',
    ],
    [
      'the active product',
      preview('active'),
      'Product already active',
      'You are already subscribed to this product.',
    ],
    [
      'a new free product',
      preview('new', { name: 'Free', properties: { ...properties, is_free: true } }),
      'Enable Free',
      'By clicking confirm, Free will be enabled immediately.',
    ],
    [
      'a new paid product',
      preview('new'),
      'Subscribe to Pro',
      'By clicking confirm, you will be subscribed to Pro and your card will be charged immediately.',
    ],
    ['a renewal', preview('renew'), 'Renew', 'By clicking confirm, you will renew your subscription to Pro.'],
    [
      'an upgrade',
      preview('upgrade'),
      'Upgrade to Pro',
      'By clicking confirm, you will upgrade to Pro and your payment method will be charged immediately.',
    ],
    [
      'a downgrade',
      preview(
        'downgrade',
        { id: 'starter', name: 'Starter' },
        {
          current_product: makeBillingProduct({ id: 'pro', name: 'Pro' }),
        },
      ),
      'Downgrade to Starter',
      'By clicking confirm, your current subscription to Pro will be cancelled and a new subscription to Starter will begin on Apr 3, 2025.',
    ],
    [
      'a cancellation',
      preview('cancel', { id: 'free', name: 'Free', properties: { ...properties, is_free: true } }),
      'Cancel',
      'By clicking confirm, your subscription to Starter will end on Apr 3, 2025.',
    ],
    [
      'any other scenario',
      preview('something else' as Scenario),
      'Change Subscription',
      'You are about to change your subscription.',
    ],
  ])('titles and explains %s', (_, result, title, message) => {
    expect(checkoutContent(result, date)).toEqual({ title, message });
  });
});

describe('priceRows (SPEC.md §4 price lines)', () => {
  const [monitorPack] = makeAddOnProducts() as [BillingProduct];
  const planWithPack = makeBillingProduct({
    items: [
      {
        type: 'price',
        price: 19,
        interval: 'month',
        display: { primary_text: '$19', secondary_text: 'per month' },
      },
      { type: 'feature', feature_id: 'monitors', included_usage: 25 },
      ...monitorPack.items,
    ],
  });

  it('lists the priced items of a paid product, never its plain features', () => {
    const rows = priceRows(preview('upgrade', { items: planWithPack.items }));
    expect(rows.map((row) => row.item.type)).toEqual(['price', 'priced_feature']);
  });

  it('shows nothing for a free product', () => {
    const free = preview('cancel', {
      items: planWithPack.items,
      properties: { ...properties, is_free: true },
    });
    expect(priceRows(free)).toEqual([]);
  });

  it('keeps only the prepaid lines when an active plan updates its quantity', () => {
    const update = preview('active', {
      items: planWithPack.items,
      properties: { ...properties, updateable: true },
    });
    expect(priceRows(update).map((row) => row.item.feature_id)).toEqual(['monitors']);
    expect(priceRows(update)[0]?.prepaid).toBe(true);
  });

  it('reads a prepaid quantity from the echoed options, else one pack', () => {
    const bought = preview('new', monitorPack, { options: [{ feature_id: 'monitors', quantity: 30 }] });
    expect(priceRows(bought)[0]?.quantity).toBe(30);
    expect(priceRows(preview('new', monitorPack, { options: [] }))[0]?.quantity).toBe(10);
  });
});

describe('prepaid quantity arithmetic (SPEC.md §5)', () => {
  const item = { type: 'priced_feature' as const, feature_id: 'monitors', billing_units: 10 };

  it('sends the units entered times billing_units', () => {
    expect(quantityFromUnits(2, item)).toBe(20);
    expect(quantityFromUnits(0, item)).toBe(0);
    expect(quantityFromUnits(3, { ...item, billing_units: null })).toBe(3);
  });

  it('shows a quantity as whole packs', () => {
    expect(unitsFromQuantity(20, item)).toBe(2);
    expect(unitsFromQuantity(25, item)).toBe(3);
  });

  it('passes the options on camelCase', () => {
    const result = makeCheckoutResult({ options: [{ feature_id: 'monitors', quantity: 20 }] });
    expect(optionInputs(result)).toEqual([{ featureId: 'monitors', quantity: 20 }]);
  });
});

describe('next cycle and features lost', () => {
  it('shows the next cycle only when it costs something other than today', () => {
    expect(showsNextCycle(makeCheckoutResult({ total: 20, next_cycle: { starts_at: 1, total: 39 } }))).toBe(
      true,
    );
    expect(showsNextCycle(makeCheckoutResult({ total: 39, next_cycle: { starts_at: 1, total: 39 } }))).toBe(
      false,
    );
    expect(showsNextCycle(makeCheckoutResult({ next_cycle: undefined }))).toBe(false);
  });

  it('names the features a move to a lower plan takes away', () => {
    const toFree = preview('cancel', { id: 'free', name: 'Free' });
    expect(lostFeatures(toFree)).toEqual([
      'Remove branding',
      'Incident management',
      'Performance budgets',
      'Email digests',
    ]);
    expect(lostFeatures(preview('upgrade'))).toEqual([]);
  });
});
