import { describe, expect, it } from 'vitest';
import type { CustomerFeature } from '../../core/billing/aggregate';
import { makePlanCustomer } from '../test/billing';
import type { Customer } from './api-types';
import { checkAllowed, type Entitlements, hasFeature, remainingOf, usageOf } from './entitlements';

function feature(overrides: Partial<CustomerFeature> & { id: string }): CustomerFeature {
  return {
    name: overrides.id,
    type: 'single_use',
    unlimited: false,
    balance: 0,
    usage: 0,
    included_usage: 0,
    interval: 'month',
    interval_count: 1,
    next_reset_at: null,
    overage_allowed: false,
    ...overrides,
  };
}

function ready(
  features: CustomerFeature[] | Record<string, CustomerFeature>,
  products: Customer['products'] = [],
): Entitlements {
  return { status: 'ready', customer: makePlanCustomer('free', {}, { features, products }) };
}

describe('client-side check (SPEC.md §5)', () => {
  it.each([
    ['a static feature', feature({ id: 'f', type: 'static', balance: null }), 1, true],
    ['an unlimited feature', feature({ id: 'f', unlimited: true, balance: null }), 1000, true],
    ['overage allowed', feature({ id: 'f', overage_allowed: true, balance: -5 }), 1, true],
    ['balance at the default required 1', feature({ id: 'f', balance: 1 }), undefined, true],
    ['balance 0 at the default required 1', feature({ id: 'f', balance: 0 }), undefined, false],
    ['balance below the required balance', feature({ id: 'f', balance: 2 }), 3, false],
    [
      'usage_limit headroom: balance + (usage_limit − included) ≥ required',
      feature({ id: 'f', balance: 0, included_usage: 10, usage_limit: 15 }),
      5,
      true,
    ],
    [
      'usage_limit headroom short of required',
      feature({ id: 'f', balance: 0, included_usage: 10, usage_limit: 15 }),
      6,
      false,
    ],
  ])('%s', (_name, own, requiredBalance, expected) => {
    expect(checkAllowed(ready([own]), { featureId: 'f', requiredBalance })).toBe(expected);
  });

  it('falls back to a credit system at credit amount × requested amount when the feature has no balance', () => {
    const credits = feature({
      id: 'credits',
      balance: 10,
      credit_schema: [{ feature_id: 'f', credit_amount: 3 }],
    });
    expect(checkAllowed(ready({ credits }), { featureId: 'f', requiredBalance: 3 })).toBe(true);
    expect(checkAllowed(ready({ credits }), { featureId: 'f', requiredBalance: 4 })).toBe(false);
  });

  it('reads features that arrive as a list or as a map', () => {
    const own = feature({ id: 'f', balance: 2 });
    expect(checkAllowed(ready([own]), { featureId: 'f' })).toBe(true);
    expect(checkAllowed(ready({ f: own }), { featureId: 'f' })).toBe(true);
  });

  it('allows an active product and refuses a missing one', () => {
    const state = ready({}, makePlanCustomer('starter').products);
    expect(checkAllowed(state, { productId: 'starter' })).toBe(true);
    expect(checkAllowed(state, { productId: 'pro' })).toBe(false);
  });

  it('says false for a feature the customer does not hold', () => {
    expect(checkAllowed(ready({}), { featureId: 'webhooks' })).toBe(false);
  });

  it('requires featureId or productId', () => {
    expect(() => checkAllowed(ready({}), {})).toThrow('allowed() requires either featureId or productId');
  });
});

describe('loading and no-data rules (SPEC.md §4, §6)', () => {
  const loading: Entitlements = { status: 'loading', customer: null };
  const noData: Entitlements = { status: 'no_data', customer: null };

  it('answers false to every feature check and null to usage while loading', () => {
    for (const id of ['basic_monitoring', 'monitors', 'ssl_monitoring', 'api_access']) {
      expect(checkAllowed(loading, { featureId: id })).toBe(false);
      expect(hasFeature(loading, id)).toBe(false);
      expect(usageOf(loading, id)).toBeNull();
    }
    expect(remainingOf(loading, 'monitors')).toBeNull();
  });

  it('counts only basic_monitoring, monitors, ssl_monitoring and public_status_pages without billing data', () => {
    for (const id of ['basic_monitoring', 'monitors', 'ssl_monitoring', 'public_status_pages']) {
      expect(checkAllowed(noData, { featureId: id })).toBe(true);
      expect(hasFeature(noData, id)).toBe(true);
    }
    for (const id of ['incident_management', 'digests', 'api_access', 'webhooks', 'remove_branding']) {
      expect(checkAllowed(noData, { featureId: id })).toBe(false);
      expect(hasFeature(noData, id)).toBe(false);
    }
    expect(checkAllowed(noData, { productId: 'starter' })).toBe(false);
  });

  it('reports usage and remaining counts once loaded; 999999 when unlimited', () => {
    const state: Entitlements = { status: 'ready', customer: makePlanCustomer('pro', { monitors: 7 }) };
    expect(usageOf(state, 'monitors')).toBe(7);
    expect(remainingOf(state, 'monitors')).toBe(93);
    expect(remainingOf(state, 'performance_sites')).toBe(999999);
  });
});
