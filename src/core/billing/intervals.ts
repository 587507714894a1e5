// Calendar arithmetic in UTC. Month-based steps clamp to the last day of a shorter month
// (31 Jan + 1 month = 28/29 Feb), as card processors do, and always count from the anchor so
// a clamped month does not drift the following ones.
import type { BillingInterval, ResetInterval } from './types.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FIXED_MS: Partial<Record<ResetInterval, number>> = {
  minute: MINUTE,
  hour: 60 * MINUTE,
  day: DAY,
  week: 7 * DAY,
};
const MONTHS: Partial<Record<ResetInterval, number>> = { month: 1, quarter: 3, semi_annual: 6, year: 12 };

function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/** `at` moved on by `count` intervals. */
export function addInterval(at: number, interval: ResetInterval, count = 1): number {
  const fixed = FIXED_MS[interval];
  if (fixed !== undefined) return at + fixed * count;
  return addMonths(at, (MONTHS[interval] ?? 0) * count);
}

/** The first boundary `anchor + k × interval` (k ≥ 1) strictly after `now`. */
export function nextBoundary(anchor: number, interval: ResetInterval, count: number, now: number): number {
  const fixed = FIXED_MS[interval];
  if (fixed !== undefined) {
    const step = fixed * count;
    const steps = Math.max(1, Math.floor((now - anchor) / step) + 1);
    return anchor + steps * step;
  }
  const months = (MONTHS[interval] ?? 1) * count;
  // Start near the answer, then walk: clamping makes a closed form off by one at month ends.
  const approx = Math.max(1, Math.floor((now - anchor) / (31 * DAY * months)));
  let k = approx;
  while (k > 1 && addMonths(anchor, months * (k - 1)) > now) k -= 1;
  while (addMonths(anchor, months * k) <= now) k += 1;
  return addMonths(anchor, months * k);
}

/** An interval's length in months, for comparing billing intervals (BILLING.md §5). */
export function intervalMonths(interval: ResetInterval | null | undefined, count = 1): number {
  if (!interval) return 0;
  const months = MONTHS[interval];
  if (months !== undefined) return months * count;
  return ((FIXED_MS[interval] ?? 0) * count) / (30 * DAY);
}

const BILLING_ORDER: readonly BillingInterval[] = ['week', 'month', 'quarter', 'semi_annual', 'year'];

export function isBillingInterval(interval: ResetInterval | null | undefined): interval is BillingInterval {
  return interval != null && (BILLING_ORDER as readonly string[]).includes(interval);
}

/** Trial end: `length` days, months or years after `start`. */
export function addTrial(start: number, duration: 'day' | 'month' | 'year', length: number): number {
  return addInterval(start, duration, length);
}
