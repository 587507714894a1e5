import { describe, expect, it } from 'vitest';
import type { Entitlement } from './balances.ts';
import { resetEntitlement } from './reset.ts';

const JAN = Date.UTC(2025, 0, 1);
const FEB = Date.UTC(2025, 1, 1);
const MAR = Date.UTC(2025, 2, 1);

function ent(o: Partial<Entitlement> = {}): Entitlement {
  return {
    id: 'e',
    feature_id: 'checks',
    customer_product_id: null,
    is_add_on: false,
    created_at: JAN,
    unlimited: false,
    overage_allowed: false,
    included_usage: 1000,
    usage_limit: null,
    starting_balance: 1000,
    balance: 300,
    adjustment: 0,
    interval: 'month',
    interval_count: 1,
    next_reset_at: FEB,
    rollovers: [],
    rollover_config: null,
    entity_feature_id: null,
    entities: null,
    ...o,
  };
}

describe('reset (BILLING.md §7)', () => {
  it('returns the balance to its start and moves next_reset_at one interval on', () => {
    expect(resetEntitlement(ent(), FEB)).toMatchObject({ balance: 1000, next_reset_at: MAR, rollovers: [] });
  });

  it('does nothing before next_reset_at', () => {
    expect(resetEntitlement(ent(), FEB - 1).balance).toBe(300);
  });

  it('rolls a positive leftover over, expiring length months after the reset', () => {
    const result = resetEntitlement(
      ent({ rollover_config: { max: null, duration: 'month', length: 1 } }),
      FEB,
    );
    expect(result.rollovers).toEqual([{ balance: 300, expires_at: MAR }]);
  });

  it('trims the rollover total to max, oldest first, and drops expired ones', () => {
    const config = { max: 500, duration: 'forever' as const, length: 0 };
    const rollovers = [
      { balance: 100, expires_at: FEB },
      { balance: 400, expires_at: null },
    ];
    const result = resetEntitlement(ent({ rollover_config: config, rollovers }), FEB);
    expect(result.rollovers).toEqual([
      { balance: 200, expires_at: null },
      { balance: 300, expires_at: null },
    ]);
  });

  it('rolls nothing over from a balance at or below 0', () => {
    const result = resetEntitlement(
      ent({ balance: -5, rollover_config: { max: null, duration: 'forever', length: 0 } }),
      FEB,
    );
    expect(result.rollovers).toEqual([]);
    expect(result.balance).toBe(1000);
  });
});
