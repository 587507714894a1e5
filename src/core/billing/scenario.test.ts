import { describe, expect, it } from 'vitest';
import { isUpgrade, type Scenario, scenarioFor } from './scenario.ts';
import { holding, TEST_CATALOGUE } from './test-catalogue.ts';
import type { CustomerProduct, Product } from './types.ts';

const product = (id: string): Product => {
  const found = TEST_CATALOGUE.products.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};
const has = (id: string, overrides: Partial<CustomerProduct> = {}) => holding(TEST_CATALOGUE, id, overrides);

describe('scenarioFor (BILLING.md §5, rules in order)', () => {
  const cases: [string, CustomerProduct[] | null, string, Scenario][] = [
    ['rule 1: no customer is new', null, 'pro', 'new'],
    ['rule 2: no current product is new', [], 'pro', 'new'],
    [
      'rule 2: a past current product (expired) does not count',
      [has('pro', { status: 'expired' })],
      'team',
      'new',
    ],
    ['rule 2: an add-on is new even over a paid plan', [has('team')], 'extra_seats', 'new'],
    ['rule 3: a one-off product is new', [has('pro')], 'credit_pack', 'new'],
    ['rule 4: the current product is active', [has('pro')], 'pro', 'active'],
    [
      'rule 4: a past_due current product is still active',
      [has('pro', { status: 'past_due' })],
      'pro',
      'active',
    ],
    ['rule 4: a cancelled current product is renew', [has('pro', { canceled_at: 1 })], 'pro', 'renew'],
    [
      'rule 5: the scheduled product is scheduled',
      [has('team', { canceled_at: 1 }), has('pro', { status: 'scheduled' })],
      'pro',
      'scheduled',
    ],
    ['rule 6: free to free is new', [has('free')], 'free_twin', 'new'],
    ['rule 7: free to paid is upgrade', [has('free')], 'pro', 'upgrade'],
    ['rule 7: a dearer same-interval product is upgrade', [has('pro')], 'team', 'upgrade'],
    ['rule 7: a longer interval is upgrade', [has('team')], 'pro_y', 'upgrade'],
    ['rule 8: paid to free is cancel', [has('pro')], 'free', 'cancel'],
    ['rule 9: a cheaper same-interval product is downgrade', [has('team')], 'pro', 'downgrade'],
    ['rule 9: a shorter interval is downgrade', [has('pro_y')], 'team', 'downgrade'],
  ];
  const catalogue = [...TEST_CATALOGUE.products, { ...product('free'), id: 'free_twin', is_default: false }];

  it.each(cases)('%s', (_name, products, targetId, expected) => {
    const target = catalogue.find((p) => p.id === targetId);
    if (!target) throw new Error(targetId);
    expect(scenarioFor(products, target)).toBe(expected);
  });

  it('only compares products of the same group and entity', () => {
    const other = { ...product('team'), group: 'other' };
    expect(scenarioFor([has('team')], { ...product('pro'), group: 'other' })).toBe('new');
    expect(scenarioFor([has('pro', { entity_id: 'u1' })], other)).toBe('new');
    expect(scenarioFor([has('team', { entity_id: 'u1' })], product('pro'), 'u1')).toBe('downgrade');
    expect(scenarioFor([has('team', { entity_id: 'u1' })], product('pro'), 'u2')).toBe('new');
  });

  it('counts a trialing product as the current one', () => {
    expect(scenarioFor([has('growth', { status: 'trialing' })], product('growth'))).toBe('active');
  });
});

describe('isUpgrade (BILLING.md §5)', () => {
  const priced = (price: number, interval: 'month' | 'year' = 'month', count = 1) => ({
    items: [{ type: 'price' as const, price, interval, interval_count: count }],
  });
  const usage = (amount: number) => ({
    items: [
      {
        type: 'priced_feature' as const,
        feature_id: 'checks',
        price: amount,
        usage_model: 'pay_per_use' as const,
        interval: 'month' as const,
      },
    ],
  });
  const free = { items: [] };

  it.each([
    ['free to paid', free, priced(20), true],
    ['paid to free', priced(20), free, false],
    ['all pay-per-use, even to a dearer unit price', usage(2), usage(1), true],
    ['same interval, cheaper to dearer', priced(20), priced(50), true],
    ['same interval, dearer to cheaper', priced(50), priced(20), false],
    ['same interval, equal price counts as a downgrade', priced(20), priced(20), false],
    ['monthly to annual', priced(50), priced(200, 'year'), true],
    ['annual to monthly, whatever the price', priced(200, 'year'), priced(500), false],
    ['interval_count makes 3 months longer than 1', priced(50), priced(10, 'month', 3), true],
    [
      'first usage tier counts toward the total',
      priced(20),
      { items: [...priced(10).items, ...usage(15).items] },
      true,
    ],
  ])('%s → %s', (_name, from, to, expected) => {
    expect(isUpgrade(from, to)).toBe(expected);
  });
});
