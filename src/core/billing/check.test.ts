import { describe, expect, it } from 'vitest';
import type { Entitlement } from './balances.ts';
import { checkFeature, checkProduct } from './check.ts';
import { holding, TEST_CATALOGUE } from './test-catalogue.ts';
import { entitlement } from './test-entitlements.ts';

function ent(o: Partial<Entitlement> = {}): Entitlement {
  return entitlement({ feature_id: 'messages', ...o });
}
const credits = [{ feature_id: 'credits', credit_cost: 2 }];

describe('check a feature (BILLING.md §7)', () => {
  it.each([
    ['a boolean feature held', 'boolean', [ent({ feature_id: 'sso' })], 'sso', 1, true],
    ['a boolean feature not held', 'boolean', [], 'sso', 1, false],
    ['enough balance', 'single_use', [ent({ balance: 1 })], 'messages', 1, true],
    ['not enough balance', 'single_use', [ent({ balance: 1 })], 'messages', 2, false],
    ['unlimited', 'single_use', [ent({ unlimited: true })], 'messages', 1e6, true],
    [
      'pay-per-use without a limit',
      'single_use',
      [ent({ overage_allowed: true, balance: -50 })],
      'messages',
      10,
      true,
    ],
    [
      'within the usage limit',
      'single_use',
      [ent({ overage_allowed: true, balance: -40, included_usage: 100, usage_limit: 150 })],
      'messages',
      10,
      true,
    ],
    [
      'beyond the usage limit',
      'single_use',
      [ent({ overage_allowed: true, balance: -45, included_usage: 100, usage_limit: 150 })],
      'messages',
      10,
      false,
    ],
    ['a negative required balance', 'single_use', [ent({ balance: 0 })], 'messages', -1, true],
    ['no entitlement at all', 'single_use', [], 'messages', 1, false],
  ] as const)('%s → %s', (_n, type, entitlements, featureId, required, allowed) => {
    expect(
      checkFeature({ featureId, featureType: type, entitlements, requiredBalance: required }).allowed,
    ).toBe(allowed);
  });

  it('answers from a credit system the customer holds, at credit_cost per unit', () => {
    const result = checkFeature({
      featureId: 'messages',
      featureType: 'single_use',
      entitlements: [ent({ balance: 50 }), ent({ feature_id: 'credits', balance: 5 })],
      creditSystems: credits,
      requiredBalance: 3,
    });
    expect(result).toMatchObject({ feature_id: 'credits', required_balance: 6, balance: 5, allowed: false });
  });

  it('falls back to the own balance when the credit system is empty', () => {
    const result = checkFeature({
      featureId: 'messages',
      featureType: 'single_use',
      entitlements: [ent({ balance: 50 }), ent({ feature_id: 'credits', balance: 0 })],
      creditSystems: credits,
    });
    expect(result).toMatchObject({ feature_id: 'messages', required_balance: 1, allowed: true });
  });

  it('asks to track the requested units with send_event only when allowed', () => {
    const base = {
      featureId: 'messages',
      featureType: 'single_use' as const,
      requiredBalance: 2,
      sendEvent: true,
    };
    expect(checkFeature({ ...base, entitlements: [ent({ balance: 5 })] }).event).toEqual({
      feature_id: 'messages',
      value: 2,
    });
    expect(checkFeature({ ...base, entitlements: [ent({ balance: 1 })] }).event).toBeNull();
  });

  it('reads an entity’s own balance on entity-linked items', () => {
    const seats = ent({ entity_feature_id: 'seats', entities: { u1: { balance: 0 }, u2: { balance: 9 } } });
    expect(
      checkFeature({
        featureId: 'messages',
        featureType: 'single_use',
        entitlements: [seats],
        entityId: 'u1',
      }).allowed,
    ).toBe(false);
    expect(
      checkFeature({ featureId: 'messages', featureType: 'single_use', entitlements: [seats] }).balance,
    ).toBe(9);
  });
});

describe('check a product (BILLING.md §7)', () => {
  it.each([
    ['active', {}, true, 'active'],
    ['past_due', { status: 'past_due' }, true, 'past_due'],
    ['cancelling', { canceled_at: 1 }, true, 'canceled'],
    ['trialing', { status: 'trialing', trial_ends_at: 100 }, true, 'trialing'],
    ['scheduled', { status: 'scheduled' }, false, 'scheduled'],
    ['expired', { status: 'expired' }, false, 'expired'],
  ] as const)('%s → allowed %s', (_n, overrides, allowed, status) => {
    expect(checkProduct(holding(TEST_CATALOGUE, 'pro', overrides), 50)).toEqual({ allowed, status });
  });

  it('is not allowed without the product', () => {
    expect(checkProduct(undefined, 0).allowed).toBe(false);
  });
});
