// One event of every alert kind, as the alert pipeline hands them to channels: for tests that
// check a channel's request for each kind.

import type { AlertEvent, SslAlertFacts } from '../../../core/alerts/alert-event.ts';
import type { AlertKind } from '../../../core/api/alerts.ts';

const AT = Date.UTC(2026, 10, 22, 9, 0);
const VALID_TO = Date.UTC(2026, 11, 6, 12, 0);
const MONITOR = { id: 'm1', name: 'shop.example.com', url: 'https://shop.example.com/' };
const INCIDENT = { id: 'i1', title: 'shop.example.com is down', startedAt: AT - 600_000 };

function plain(kind: AlertKind, overrides: Partial<AlertEvent> = {}): AlertEvent {
  return { kind, at: AT, monitor: MONITOR, incident: null, failure: null, downtimeMs: null, ...overrides };
}

function certificate(facts: Partial<SslAlertFacts>): SslAlertFacts {
  return {
    subjectCn: 'shop.example.com',
    issuer: 'R11',
    fingerprintSha256: 'AB:CD',
    validTo: VALID_TO,
    daysRemaining: 14,
    problems: [],
    clearedProblems: [],
    ...facts,
  };
}

/** Two monitors of a grouped alert: the shop and its API. */
function group(down: boolean) {
  const api = { id: 'm2', name: 'api.example.com', url: 'https://api.example.com/' };
  return [MONITOR, api].map((monitor, index) => ({
    monitor,
    incident: { id: `i${index + 1}`, title: `${monitor.name} is down`, startedAt: AT - 600_000 },
    at: down ? AT - 600_000 : AT,
    failure: down ? { statusCode: 503, code: null, message: null } : null,
    downtimeMs: down ? null : 600_000,
  }));
}

const performance = (value: number) => ({
  siteId: 's1',
  runId: 'r1',
  metric: 'lcpMs' as const,
  value,
  limit: 2000,
  device: 'Mobile (simulated throttling)',
});

export const ALERT_EVENTS: Record<AlertKind, AlertEvent> = {
  'monitor.down': plain('monitor.down', {
    incident: INCIDENT,
    failure: { statusCode: 503, code: null, message: null },
  }),
  'monitor.up': plain('monitor.up', { incident: INCIDENT, downtimeMs: 600_000 }),
  'monitors.down': plain('monitors.down', { group: group(true) }),
  'monitors.up': plain('monitors.up', { group: group(false) }),
  'monitor.reminder': plain('monitor.reminder', { incident: INCIDENT, downtimeMs: 1_800_000 }),
  'monitor.degraded': plain('monitor.degraded', { slow: { latencyMs: 2400, thresholdMs: 1000 } }),
  'monitor.speed_recovered': plain('monitor.speed_recovered', {
    slow: { latencyMs: 310, thresholdMs: 1000 },
  }),
  'monitor.region_down': plain('monitor.region_down', {
    region: { name: 'ap-south', error: 'Connection refused' },
  }),
  'monitor.region_recovered': plain('monitor.region_recovered', {
    region: { name: 'ap-south', error: null },
  }),
  'ssl.expiring': plain('ssl.expiring', { certificate: certificate({ thresholdDays: 14 }) }),
  'ssl.renewed': plain('ssl.renewed', {
    certificate: certificate({ daysRemaining: 89, previousValidTo: AT }),
  }),
  'ssl.problem': plain('ssl.problem', {
    certificate: certificate({
      problems: [{ code: 'weak_key', message: 'The key is weak.', remedy: 'Use a bigger key.' }],
    }),
  }),
  'ssl.problem_cleared': plain('ssl.problem_cleared', {
    certificate: certificate({ clearedProblems: ['weak_key'] }),
  }),
  'domain.expiring': plain('domain.expiring', {
    domain: {
      domain: 'example.com',
      expiresAt: VALID_TO,
      daysRemaining: 14,
      thresholdDays: 14,
      registrar: 'Gandi SAS',
    },
  }),
  'performance.budget_exceeded': plain('performance.budget_exceeded', { performance: performance(2840) }),
  'performance.budget_recovered': plain('performance.budget_recovered', { performance: performance(1650) }),
  'incident.escalated': plain('incident.escalated', {
    incident: INCIDENT,
    escalation: { policyName: 'On call', step: 2, steps: 2, repeat: false, unacknowledgedMs: 600_000 },
  }),
  'incident.acknowledged': plain('incident.acknowledged', {
    incident: INCIDENT,
    acknowledgement: { by: 'Ada Lovelace' },
  }),
};
