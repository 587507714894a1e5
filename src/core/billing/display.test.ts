import { describe, expect, it } from 'vitest';
import { itemDisplay, sortItems, withDisplay } from './display.ts';
import { TEST_CATALOGUE } from './test-catalogue.ts';
import type { Feature, ProductItem } from './types.ts';

const feature = (id: string): Feature | undefined => TEST_CATALOGUE.features.find((f) => f.id === id);

describe('item display texts (BILLING.md §3)', () => {
  it.each<[string, ProductItem, boolean, string, string | undefined]>([
    ['a monthly price', { type: 'price', price: 20, interval: 'month' }, true, '$20', 'per month'],
    ['a yearly price', { type: 'price', price: 200, interval: 'year' }, true, '$200', 'per year'],
    [
      'a quarterly price every 2',
      { type: 'price', price: 9.5, interval: 'quarter', interval_count: 2 },
      true,
      '$9.50',
      'per 2 quarters',
    ],
    ['a one-off price', { type: 'price', price: 5 }, true, '$5', undefined],
    [
      'a monthly grant',
      { type: 'feature', feature_id: 'checks', included_usage: 1000, interval: 'month' },
      false,
      '1,000 Checks',
      'per month',
    ],
    [
      'an unlimited grant',
      { type: 'feature', feature_id: 'checks', included_usage: 'inf' },
      false,
      'Unlimited Checks',
      undefined,
    ],
    [
      'a single unit',
      { type: 'feature', feature_id: 'seats', included_usage: 1 },
      false,
      '1 Seat',
      undefined,
    ],
    [
      'a standing allocation',
      { type: 'feature', feature_id: 'seats', included_usage: 5, interval: 'month' },
      false,
      '5 Seats',
      undefined,
    ],
    ['a boolean feature', { type: 'feature', feature_id: 'sso' }, false, 'SSO', undefined],
    [
      'a priced feature with included usage',
      {
        type: 'priced_feature',
        feature_id: 'checks',
        included_usage: 1000,
        price: 1,
        billing_units: 100,
        interval: 'month',
      },
      false,
      '1,000 Checks',
      'then $1 per 100 Checks',
    ],
    [
      'a priced feature as the main price gets its interval',
      {
        type: 'priced_feature',
        feature_id: 'checks',
        included_usage: 1000,
        price: 1,
        billing_units: 100,
        interval: 'month',
      },
      true,
      '1,000 Checks',
      'then $1 per 100 Checks per month',
    ],
    [
      'a pack price as the main price',
      {
        type: 'priced_feature',
        feature_id: 'seats',
        price: 10,
        billing_units: 1,
        usage_model: 'prepaid',
        interval: 'month',
      },
      true,
      '$10 per Seat',
      'per month',
    ],
  ])('%s', (_name, item, isMain, primary, secondary) => {
    const display = itemDisplay(item, item.feature_id ? feature(item.feature_id) : undefined, isMain);
    expect(display.primary_text).toBe(primary);
    expect(display.secondary_text).toBe(secondary);
  });
});

describe('item sort order (BILLING.md §3)', () => {
  it('puts prices first, then priced features, then features by name', () => {
    const items: ProductItem[] = [
      { type: 'feature', feature_id: 'sso' },
      { type: 'feature', feature_id: 'checks', included_usage: 5 },
      { type: 'priced_feature', feature_id: 'messages', price: 1 },
      { type: 'price', price: 20, interval: 'month' },
      { type: 'feature', feature_id: 'seats', included_usage: 1 },
    ];
    expect(sortItems(items, TEST_CATALOGUE.features).map((i) => i.feature_id ?? 'price')).toEqual([
      'price',
      'messages',
      'checks',
      'seats',
      'sso',
    ]);
  });

  it('makes items[0] the headline price with its interval', () => {
    const team = TEST_CATALOGUE.products.find((p) => p.id === 'team');
    if (!team) throw new Error('team');
    const shown = withDisplay(team, TEST_CATALOGUE.features);
    expect(shown.items[0]?.display).toEqual({ primary_text: '$50', secondary_text: 'per month' });
    expect(shown.items.map((i) => i.display?.primary_text)).toEqual([
      '$50',
      '10,000 Checks',
      '5 Seats',
      'SSO',
    ]);
  });
});
