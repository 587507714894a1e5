// Incident tools (PagerDuty, Opsgenie) keep one alert open per problem, acknowledge it when
// someone takes it on and close it when the problem ends. This names each event's problem and
// says what the event does to the alert kept for it.
import type { AlertKind } from '../api/alerts.ts';
import type { AlertEvent } from './alert-event.ts';

/** Events that end a problem an earlier event opened. */
const ENDS: ReadonlySet<AlertKind> = new Set([
  'monitor.up',
  'monitors.up',
  'monitor.speed_recovered',
  'monitor.region_recovered',
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
  'monitor.region_down': 'region',
  'monitor.region_recovered': 'region',
  'incident.escalated': 'outage',
  'incident.acknowledged': 'outage',
  'ssl.expiring': 'certificate-expiry',
  'ssl.renewed': 'certificate-expiry',
  'ssl.problem': 'certificate-problem',
  'ssl.problem_cleared': 'certificate-problem',
  'domain.expiring': 'domain-expiry',
  'performance.budget_exceeded': 'performance-budget',
  'performance.budget_recovered': 'performance-budget',
};

export interface AlertThread {
  /** The same for the event that opens a problem, the one that acknowledges it and the one that ends it. */
  key: string;
  /** Open (or, again, keep open) the alert; acknowledge it; or resolve it. */
  action: 'open' | 'acknowledge' | 'resolve';
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
          ? // A field budget's episode is its own thread: field CLS is not lab CLS.
            `${problem}-${event.performance.siteId}-${event.performance.field ? 'field-' : ''}${event.performance.metric}`
          : event.region
            ? `${problem}-${event.monitor.id}-${event.region.name}`
            : `${problem}-${event.monitor.id}`;
  const action = ENDS.has(event.kind)
    ? 'resolve'
    : event.kind === 'incident.acknowledged'
      ? 'acknowledge'
      : 'open';
  return { key: `upwatch-${subject}`, action };
}
