// For tests: a plain monthly entitlement with nothing granted; each test file sets what it needs.
import type { Entitlement } from './balances.ts';

export function entitlement(overrides: Partial<Entitlement> = {}): Entitlement {
  return {
    id: 'e',
    feature_id: 'feature',
    customer_product_id: null,
    is_add_on: false,
    created_at: 0,
    unlimited: false,
    overage_allowed: false,
    included_usage: 0,
    usage_limit: null,
    starting_balance: 0,
    balance: 0,
    adjustment: 0,
    interval: 'month',
    interval_count: 1,
    next_reset_at: null,
    rollovers: [],
    rollover_config: null,
    entity_feature_id: null,
    entities: null,
    ...overrides,
  };
}
