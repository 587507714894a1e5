// Incident tools (PagerDuty, Opsgenie) keep one alert open per problem and close it when the
// problem ends. This names each event's problem and says whether the event ends it.
import type { AlertKind } from '../../core/api/alerts.ts';
import type { AlertEvent } from './alert-event.ts';

/** Events that end a problem an earlier event opened. */
const ENDS: ReadonlySet<AlertKind> = new Set([
  'monitor.up',
  'monitors.up',
  'monitor.speed_recovered',
  'ssl.renewed',
  'ssl.problem_cleared',
  'performance.budget_recovered',
]);

/** The problem each kind belongs to: an expiry warning ends with the renewal, a problem with its clearing. */
const PROBLEM: Record<AlertKind, string> = {
  'monitor.down': 'outage',
  'monitor.up': 'outage',
  'monitors.down': 'outage',
  'monitors.up': 'outage',
  'monitor.reminder': 'outage',
  'monitor.degraded': 'slow',
  'monitor.speed_recovered': 'slow',
  'ssl.expiring': 'certificate-expiry',
  'ssl.renewed': 'certificate-expiry',
  'ssl.problem': 'certificate-problem',
  'ssl.problem_cleared': 'certificate-problem',
  'domain.expiring': 'domain-expiry',
  'performance.budget_exceeded': 'performance-budget',
  'performance.budget_recovered': 'performance-budget',
};

export interface AlertThread {
  /** The same for the event that opens a problem and the one that ends it. */
  key: string;
  resolves: boolean;
}

export function threadOf(event: AlertEvent): AlertThread {
  const problem = PROBLEM[event.kind];
  // An outage is its incident (a group's, its first incident); the rest belong to the monitor (or
  // site) and, for budgets, the metric.
  const first = event.group?.[0]?.incident;
  const subject =
    problem === 'outage' && first
      ? `group-${first.id}`
      : problem === 'outage' && event.incident
        ? `incident-${event.incident.id}`
        : event.performance
          ? `${problem}-${event.performance.siteId}-${event.performance.metric}`
          : `${problem}-${event.monitor.id}`;
  return { key: `upwatch-${subject}`, resolves: ENDS.has(event.kind) };
}
