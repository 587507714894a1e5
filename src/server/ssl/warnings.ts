// Which certificate alerts a check calls for, given what was alerted before: expiry warnings at
// most once per threshold per certificate (a certificate first seen with 13 days left gets only
// the 14-day one), 'renewed' once when a new certificate replaces one inside the warning window,
// and one alert for problems that appeared, one for problems that cleared. Pure.

import type { SslAlertFacts } from '../../core/alerts/alert-event.ts';
import { SSL_WARNING_DAYS, type SslProblem, type SslProblemCode } from '../../core/api/ssl.ts';
import type { SslCheckResult } from '../checks/ssl.ts';
import type { AlertKind } from '../platform/db/incident-schema.ts';

/** The 30-day warning window: replacing a certificate inside it is a renewal. */
export const WARNING_WINDOW_DAYS = Math.max(...SSL_WARNING_DAYS);

export interface WarningState {
  /** The certificate the previous successful check read (and the warnings below are about). */
  fingerprint: string | null;
  validTo: number | null;
  warnedDays: number[];
  inWarningWindow: boolean;
  problemCodes: SslProblemCode[];
}

export type SslAlertKind = Extract<AlertKind, `ssl.${string}`>;

export interface SslAlert {
  kind: SslAlertKind;
  certificate: SslAlertFacts;
}

/** The threshold a certificate with `days` left is inside: 13 → 14, 7 → 7, 0 → 1; none once expired. */
export function thresholdFor(days: number): number | undefined {
  if (days < 0) return undefined;
  return [...SSL_WARNING_DAYS].sort((a, b) => a - b).find((threshold) => days <= threshold);
}

export function decideSslAlerts(
  state: WarningState,
  result: SslCheckResult,
): { alerts: SslAlert[]; next: WarningState } {
  const { certificate, daysRemaining: days } = result;
  // Nothing was read (refused, timed out): what was alerted still stands.
  if (!certificate || days === null) return { alerts: [], next: state };
  const alerts: SslAlert[] = [];
  const facts = (extra: Partial<SslAlertFacts> = {}): SslAlertFacts => ({
    subjectCn: certificate.subjectCn,
    issuer: certificate.issuer,
    fingerprintSha256: certificate.fingerprintSha256,
    validTo: certificate.validTo,
    daysRemaining: days,
    problems: [],
    clearedProblems: [],
    ...extra,
  });
  const replaced = state.fingerprint !== null && state.fingerprint !== certificate.fingerprintSha256;
  if (replaced && state.inWarningWindow && certificate.validTo > (state.validTo ?? 0)) {
    alerts.push({ kind: 'ssl.renewed', certificate: facts({ previousValidTo: state.validTo ?? undefined }) });
  }

  let warnedDays = state.fingerprint === certificate.fingerprintSha256 ? state.warnedDays : [];
  const threshold = thresholdFor(days);
  if (threshold !== undefined && !warnedDays.includes(threshold)) {
    alerts.push({ kind: 'ssl.expiring', certificate: facts({ thresholdDays: threshold }) });
    // The larger thresholds are past too: a later check must not send them.
    warnedDays = SSL_WARNING_DAYS.filter((t) => t >= threshold || warnedDays.includes(t));
  }

  const codes = result.problems.map((problem) => problem.code);
  const appeared: SslProblem[] = result.problems.filter(
    (problem) => !state.problemCodes.includes(problem.code),
  );
  const cleared = state.problemCodes.filter((code) => !codes.includes(code));
  if (appeared.length > 0) alerts.push({ kind: 'ssl.problem', certificate: facts({ problems: appeared }) });
  if (cleared.length > 0)
    alerts.push({ kind: 'ssl.problem_cleared', certificate: facts({ clearedProblems: cleared }) });

  return {
    alerts,
    next: {
      fingerprint: certificate.fingerprintSha256,
      validTo: certificate.validTo,
      warnedDays,
      inWarningWindow: days <= WARNING_WINDOW_DAYS,
      problemCodes: codes,
    },
  };
}
