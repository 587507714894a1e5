import { describe, expect, it } from 'vitest';
import { aggregateFeature, type CustomerFeature, customerFeatures } from './aggregate.ts';
import { type Entitlement, grantEntitlement } from './balances.ts';
import { findFeature } from './catalogue.ts';
import { DAY, PERIOD_START, TEST_CATALOGUE } from './test-catalogue.ts';
import { entitlement } from './test-entitlements.ts';
import type { Feature } from './types.ts';
import { UPWATCH_CATALOGUE } from './upwatch-catalogue.ts';

function ent(o: Partial<Entitlement> = {}): Entitlement {
  const start = o.starting_balance ?? 0;
  return entitlement({
    feature_id: 'checks',
    included_usage: start,
    starting_balance: start,
    balance: start,
    ...o,
  });
}

const feature = (id: string): Feature => {
  const found = findFeature(TEST_CATALOGUE, id);
  if (!found) throw new Error(id);
  return found;
};

describe('customer feature aggregation (BILLING.md §7)', () => {
  it.each<[string, string, Entitlement[], Partial<CustomerFeature>]>([
    [
      'reports usage as total + adjustment − balance',
      'checks',
      [ent({ starting_balance: 1000, balance: 650, adjustment: 50 })],
      { balance: 650, usage: 400, included_usage: 1000, interval: 'month', interval_count: 1 },
    ],
    [
      'reports a boolean feature as static with no balance',
      'sso',
      [ent({ feature_id: 'sso' })],
      { type: 'static', balance: null, unlimited: false, interval: null },
    ],
    [
      'keeps continuous_use as its type and a lifetime grant as interval lifetime',
      'seats',
      [ent({ feature_id: 'seats', starting_balance: 5, balance: 3, interval: null })],
      { type: 'continuous_use', balance: 3, usage: 2, interval: 'lifetime', next_reset_at: null },
    ],
    [
      'reports an unlimited grant with a null balance',
      'checks',
      [ent({ unlimited: true }), ent({ starting_balance: 100, balance: 100 })],
      { unlimited: true, balance: null },
    ],
    [
      'lets a negative pay-per-use balance count as usage beyond the included amount',
      'messages',
      [
        ent({
          feature_id: 'messages',
          starting_balance: 100,
          balance: -40,
          overage_allowed: true,
          usage_limit: 1000,
        }),
      ],
      { balance: -40, usage: 140, usage_limit: 1000, overage_allowed: true },
    ],
    [
      'sums entitlements of the same interval without a breakdown',
      'checks',
      [
        ent({ starting_balance: 1000, balance: 900, next_reset_at: 30 * DAY }),
        ent({ starting_balance: 500, balance: 500, is_add_on: true, next_reset_at: 20 * DAY }),
      ],
      { balance: 1400, usage: 100, included_usage: 1500, interval: 'month', next_reset_at: 20 * DAY },
    ],
  ])('%s', (_name, featureId, entitlements, expected) => {
    expect(aggregateFeature(feature(featureId), entitlements)).toMatchObject(expected);
  });

  it('omits usage_limit when it equals included_usage', () => {
    const limited = ent({ starting_balance: 100, usage_limit: 100 });
    expect(aggregateFeature(feature('checks'), [limited])).not.toHaveProperty('usage_limit');
    expect(aggregateFeature(feature('checks'), [ent({ starting_balance: 100 })])).not.toHaveProperty(
      'usage_limit',
    );
  });

  it('gives several interval groups interval "multiple" and a breakdown, shortest first', () => {
    const result = aggregateFeature(feature('checks'), [
      ent({ starting_balance: 50, balance: 50, interval: null }),
      ent({ starting_balance: 1000, balance: 700, next_reset_at: 30 * DAY }),
      ent({ starting_balance: 10, balance: 4, interval: 'day', next_reset_at: DAY, overage_allowed: true }),
    ]);
    expect(result).toMatchObject({
      interval: 'multiple',
      balance: 754,
      usage: 306,
      included_usage: 1060,
      next_reset_at: DAY,
      overage_allowed: true,
    });
    expect(result.breakdown).toEqual([
      { interval: 'day', interval_count: 1, balance: 4, usage: 6, included_usage: 10, next_reset_at: DAY },
      {
        interval: 'month',
        interval_count: 1,
        balance: 700,
        usage: 300,
        included_usage: 1000,
        next_reset_at: 30 * DAY,
      },
      {
        interval: 'lifetime',
        interval_count: 1,
        balance: 50,
        usage: 0,
        included_usage: 50,
        next_reset_at: null,
      },
    ]);
  });

  it('groups by interval_count too: monthly and every-3-months are two groups', () => {
    const result = aggregateFeature(feature('checks'), [
      ent({ starting_balance: 10 }),
      ent({ starting_balance: 10, interval_count: 3 }),
    ]);
    expect(result.interval).toBe('multiple');
    expect(result.breakdown?.map((b) => b.interval_count)).toEqual([1, 3]);
  });

  it('reports a credit system as single_use with its credit_schema', () => {
    const result = aggregateFeature(feature('credits'), [
      ent({ feature_id: 'credits', starting_balance: 100, balance: 60, interval: null }),
    ]);
    expect(result).toMatchObject({ type: 'single_use', balance: 60, usage: 40 });
    expect(result.credit_schema).toEqual([{ feature_id: 'messages', credit_amount: 2 }]);
    expect(aggregateFeature(feature('checks'), [ent()])).not.toHaveProperty('credit_schema');
  });

  it('lists rollovers and counts them in the balance but not in the usage', () => {
    const result = aggregateFeature(feature('checks'), [
      ent({
        starting_balance: 1000,
        balance: 800,
        rollovers: [{ balance: 300, expires_at: 31 * DAY }],
        rollover_config: { max: 500, duration: 'month', length: 1 },
      }),
    ]);
    expect(result).toMatchObject({ balance: 1100, usage: 200 });
    expect(result.rollovers).toEqual([{ balance: 300, expires_at: 31 * DAY }]);
    expect(aggregateFeature(feature('checks'), [ent()])).not.toHaveProperty('rollovers');
  });

  it('sums entity-linked balances without an entity id and reads one entity with it (§8)', () => {
    const linked = ent({
      starting_balance: 10000,
      entity_feature_id: 'seats',
      entities: { u1: { balance: 9000 }, u2: { balance: 10000 } },
    });
    expect(aggregateFeature(feature('checks'), [linked])).toMatchObject({
      balance: 19000,
      usage: 1000,
      included_usage: 20000,
    });
    expect(aggregateFeature(feature('checks'), [linked], 'u1')).toMatchObject({
      balance: 9000,
      usage: 1000,
      included_usage: 10000,
    });
  });
});

describe('customerFeatures', () => {
  it('keys every held feature by id and leaves out features the customer has no entitlement for', () => {
    const free = UPWATCH_CATALOGUE.products.find((p) => p.id === 'free');
    if (!free) throw new Error('free');
    const entitlements = free.items.map((item, index) =>
      grantEntitlement({
        id: `e${index}`,
        item,
        isBoolean: findFeature(UPWATCH_CATALOGUE, item.feature_id ?? '')?.type === 'boolean',
        customerProductId: 'cp_free',
        isAddOn: false,
        anchor: PERIOD_START,
        now: PERIOD_START,
      }),
    );
    const features = customerFeatures(entitlements, UPWATCH_CATALOGUE);
    expect(features.performance_runs).toMatchObject({
      id: 'performance_runs',
      name: 'Performance runs',
      type: 'single_use',
      balance: 10,
      usage: 0,
      interval: 'month',
    });
    expect(features.monitors).toMatchObject({ type: 'continuous_use', interval: 'lifetime' });
    expect(features.basic_monitoring?.type).toBe('static');
    expect(features).not.toHaveProperty('api_access');
  });
});
