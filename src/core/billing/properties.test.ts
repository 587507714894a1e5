import { describe, expect, it } from 'vitest';
import { productProperties } from './properties.ts';
import type { ProductItem, ProductProperties } from './types.ts';

const trial = { duration: 'day' as const, length: 7, unique_fingerprint: false, card_required: false };

describe('product properties (BILLING.md §3)', () => {
  it.each<[string, ProductItem[], typeof trial | null, Partial<ProductProperties>]>([
    [
      'no price at all is free',
      [{ type: 'feature', feature_id: 'checks', included_usage: 5 }],
      null,
      { is_free: true, is_one_off: false, interval_group: null },
    ],
    ['a $0 price is free', [{ type: 'price', price: 0, interval: 'month' }], null, { is_free: true }],
    [
      'a tier above $0 is not free',
      [
        {
          type: 'priced_feature',
          feature_id: 'c',
          price: null,
          tiers: [
            { to: 10, amount: 0 },
            { to: 'inf', amount: 1 },
          ],
          interval: 'month',
        },
      ],
      null,
      { is_free: false },
    ],
    [
      'a monthly price groups by month',
      [{ type: 'price', price: 20, interval: 'month' }],
      null,
      { is_free: false, interval_group: 'month' },
    ],
    [
      'the largest interval wins the group',
      [
        { type: 'price', price: 20, interval: 'month' },
        { type: 'price', price: 100, interval: 'year' },
      ],
      null,
      { interval_group: 'year' },
    ],
    [
      'all one-off prices, one non-zero, is one-off',
      [{ type: 'price', price: 5 }],
      null,
      { is_one_off: true, interval_group: null },
    ],
    [
      'a one-off beside a recurring price is not one-off',
      [
        { type: 'price', price: 5 },
        { type: 'price', price: 1, interval: 'month' },
      ],
      null,
      { is_one_off: false },
    ],
    [
      'a recurring prepaid price is updateable',
      [{ type: 'priced_feature', feature_id: 'm', price: 5, usage_model: 'prepaid', interval: 'month' }],
      null,
      { updateable: true },
    ],
    [
      'a one-off prepaid price is not updateable',
      [{ type: 'priced_feature', feature_id: 'r', price: 5, usage_model: 'prepaid' }],
      null,
      { updateable: false, is_one_off: true },
    ],
    [
      'a pay-per-use price is not updateable',
      [{ type: 'priced_feature', feature_id: 'm', price: 5, interval: 'month' }],
      null,
      { updateable: false },
    ],
    [
      'a trial gives has_trial',
      [{ type: 'price', price: 20, interval: 'month' }],
      trial,
      { has_trial: true },
    ],
  ])('%s', (_name, items, freeTrial, expected) => {
    expect(productProperties({ items, free_trial: freeTrial })).toMatchObject(expected);
  });

  it('has no trial once the customer has used it', () => {
    expect(productProperties({ items: [], free_trial: { ...trial, trial_available: false } }).has_trial).toBe(
      false,
    );
    expect(productProperties({ items: [], free_trial: null }).has_trial).toBe(false);
  });
});
