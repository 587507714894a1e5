// Which domain expiry warning a monitor is due, given what it was warned of before: each threshold
// at most once per expiry date (a domain first seen with 13 days left gets only the 14-day one),
// starting over when the registration is renewed. Pure.
import { DOMAIN_WARNING_DAYS } from '../../core/api/domains.ts';
import { DAY_MS } from '../checks/ssl-problems.ts';

export interface DomainWarningState {
  /** The expiry date the warned days were sent for. */
  expiresAt: number | null;
  warnedDays: number[];
}

export interface DomainWarningDecision {
  /** Set when a warning goes out now. */
  thresholdDays: number | undefined;
  daysRemaining: number;
  next: DomainWarningState;
}

export function daysUntil(expiresAt: number, now: number): number {
  return Math.floor((expiresAt - now) / DAY_MS);
}

/** The threshold `days` left is inside: 13 → 14, 7 → 7, 0 → 1; none once expired or beyond 30. */
export function domainThresholdFor(days: number): number | undefined {
  if (days < 0) return undefined;
  return [...DOMAIN_WARNING_DAYS].sort((a, b) => a - b).find((threshold) => days <= threshold);
}

export function decideDomainWarning(
  state: DomainWarningState,
  expiresAt: number,
  now: number,
): DomainWarningDecision {
  const daysRemaining = daysUntil(expiresAt, now);
  let warnedDays = state.expiresAt === expiresAt ? state.warnedDays : [];
  const threshold = domainThresholdFor(daysRemaining);
  const due = threshold !== undefined && !warnedDays.includes(threshold);
  if (due) {
    // The larger thresholds are past too: a later lookup must not send them.
    warnedDays = DOMAIN_WARNING_DAYS.filter((t) => t >= threshold || warnedDays.includes(t));
  }
  return { thresholdDays: due ? threshold : undefined, daysRemaining, next: { expiresAt, warnedDays } };
}
