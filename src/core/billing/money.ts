// Amounts are dollars as numbers; every line is rounded to the cent on its own so that a total
// is the sum of what the customer sees, never a sum of unrounded fractions.

/** Half away from zero, so a refund and a charge of the same size round alike. */
export function roundCents(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-9);
  return cents === 0 ? 0 : (Math.sign(amount) * cents) / 100;
}

export function sumCents(amounts: readonly number[]): number {
  return roundCents(amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100);
}

/** The share of a period still to come at `now`, clamped to [0, 1]. */
export function remainingShare(periodStart: number, periodEnd: number, now: number): number {
  if (periodEnd <= periodStart) return 0;
  return Math.min(1, Math.max(0, (periodEnd - now) / (periodEnd - periodStart)));
}

/** BILLING.md §6: ±amount × (period_end − now) / (period_end − period_start), to the cent. */
export function prorate(amount: number, periodStart: number, periodEnd: number, now: number): number {
  return roundCents(amount * remainingShare(periodStart, periodEnd, now));
}
