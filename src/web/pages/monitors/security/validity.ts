import type { SslCheck } from '../../../../core/api/ssl';
import { formatDate, formatNumber } from '../../../lib/format';

export type Urgency = 'good' | 'warning' | 'danger';

/** At or above this many days left the certificate shows as good. */
export const GOOD_DAYS = 30;
/** Under this many days left, as with an expired or faulty certificate, it shows as danger. */
export const DANGER_DAYS = 7;

export function urgencyOf(check: Pick<SslCheck, 'daysRemaining' | 'problems'>): Urgency {
  const days = check.daysRemaining;
  if (check.problems.length > 0 || days === null || days < DANGER_DAYS) return 'danger';
  return days < GOOD_DAYS ? 'warning' : 'good';
}

export const URGENCY_TEXT: Record<Urgency, string> = {
  good: 'text-accent',
  warning: 'text-warning',
  danger: 'text-danger',
};

export const URGENCY_FILL: Record<Urgency, string> = {
  good: 'bg-accent',
  warning: 'bg-warning',
  danger: 'bg-danger',
};

/** "89 days left", "1 day left", "Less than a day left", "Expired on Mar 3, 2025". */
export function daysLeftText(daysRemaining: number, validTo: number, timeZone: string): string {
  if (daysRemaining < 0) return `Expired on ${formatDate(validTo, timeZone)}`;
  if (daysRemaining === 0) return 'Less than a day left';
  return `${formatNumber(daysRemaining)} ${daysRemaining === 1 ? 'day' : 'days'} left`;
}

/** How much of the validity period is left at `at`, from 0 to 1. */
export function remainingFraction(validFrom: number, validTo: number, at: number): number {
  if (validTo <= validFrom) return 0;
  return Math.min(1, Math.max(0, (validTo - at) / (validTo - validFrom)));
}
