// BILLING.md §7 reset: leftovers become rollovers (when configured), the balance returns to its
// start and next_reset_at moves on one interval. The period job calls this per due entitlement.
import type { Entitlement, Rollover } from './balances.ts';
import { addInterval, nextBoundary } from './intervals.ts';

/** Keep at most `max` in total, dropping the oldest first. */
function trim(rollovers: Rollover[], max: number | null): Rollover[] {
  if (max === null) return rollovers;
  let room = max;
  const kept: Rollover[] = [];
  for (const rollover of [...rollovers].reverse()) {
    const balance = Math.min(rollover.balance, room);
    if (balance > 0) kept.unshift({ ...rollover, balance });
    room -= balance;
  }
  return kept;
}

export function resetEntitlement(entitlement: Entitlement, now: number): Entitlement {
  if (
    entitlement.next_reset_at === null ||
    entitlement.next_reset_at > now ||
    entitlement.interval === null
  ) {
    return entitlement;
  }
  const at = entitlement.next_reset_at;
  const config = entitlement.rollover_config;
  let rollovers = entitlement.rollovers.filter(
    (r) => (r.expires_at === null || r.expires_at > at) && r.balance > 0,
  );
  if (config && entitlement.balance > 0) {
    const expires_at = config.duration === 'forever' ? null : addInterval(at, 'month', config.length);
    rollovers = trim([...rollovers, { balance: entitlement.balance, expires_at }], config.max);
  }
  return {
    ...entitlement,
    balance: entitlement.starting_balance,
    adjustment: 0,
    rollovers: config ? rollovers : [],
    next_reset_at: nextBoundary(at, entitlement.interval, entitlement.interval_count, now),
  };
}
