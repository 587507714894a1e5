import { describe, expect, it } from 'vitest';
import { allowed, type CachedCustomer } from './client-check.ts';

const customer = (features: CachedCustomer['features']): CachedCustomer => ({
  features,
  products: [{ id: 'pro', status: 'active' }],
});

describe('client-side check (SPEC.md §5)', () => {
  it.each([
    ['static is always allowed', { type: 'static', balance: null }, 1, true],
    ['unlimited', { type: 'single_use', unlimited: true, balance: null }, 99, true],
    ['overage allowed', { type: 'single_use', overage_allowed: true, balance: -5 }, 1, true],
    ['balance at least the required', { type: 'single_use', balance: 3 }, 3, true],
    ['balance below the required', { type: 'single_use', balance: 2 }, 3, false],
    [
      'usage_limit adds headroom',
      { type: 'single_use', balance: 0, included_usage: 100, usage_limit: 110 },
      10,
      true,
    ],
    [
      'usage_limit headroom used up',
      { type: 'single_use', balance: -10, included_usage: 100, usage_limit: 110 },
      1,
      false,
    ],
  ] as const)('%s', (_n, feature, required, expected) => {
    expect(allowed(customer({ f: feature }), { featureId: 'f', requiredBalance: required })).toBe(expected);
  });

  it('defaults the required balance to 1', () => {
    expect(allowed(customer({ f: { balance: 1 } }), { featureId: 'f' })).toBe(true);
    expect(allowed(customer({ f: { balance: 0 } }), { featureId: 'f' })).toBe(false);
  });

  it('falls back to a credit system at credit_amount × requested', () => {
    const features = {
      credits: {
        type: 'single_use',
        balance: 6,
        credit_schema: [{ feature_id: 'messages', credit_amount: 2 }],
      },
    };
    expect(allowed(customer(features), { featureId: 'messages', requiredBalance: 3 })).toBe(true);
    expect(allowed(customer(features), { featureId: 'messages', requiredBalance: 4 })).toBe(false);
  });

  it('reads features sent as a list', () => {
    expect(allowed(customer([{ id: 'f', balance: 2 }]), { featureId: 'f', requiredBalance: 2 })).toBe(true);
  });

  it('is false without a customer', () => {
    expect(allowed(null, { featureId: 'f' })).toBe(false);
  });

  it('checks products by status', () => {
    expect(allowed(customer({}), { productId: 'pro' })).toBe(true);
    expect(allowed(customer({}), { productId: 'team' })).toBe(false);
  });

  it('throws without featureId and productId', () => {
    expect(() => allowed(customer({}), {})).toThrow('allowed() requires either featureId or productId');
  });
});
