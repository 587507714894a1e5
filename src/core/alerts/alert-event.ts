// What every alert channel renders: one event, whichever channel carries it.

import type { AlertKind } from '../api/alerts.ts';
import type { BudgetMetric, FieldBudgetWindow } from '../api/performance.ts';
import type { SslProblem, SslProblemCode } from '../api/ssl.ts';

/** What a performance alert says about the site's run, or about its real visitors' p75. */
export interface PerformanceAlertFacts {
  siteId: string;
  /** The lab run that judged it; null for a field budget. */
  runId: string | null;
  metric: BudgetMetric;
  value: number;
  limit: number;
  device: string;
  /** Field budgets only: the window the p75 is over and what it rests on. */
  field?: FieldAlertFacts;
}

export interface FieldAlertFacts {
  window: FieldBudgetWindow;
  /** Page views in the window that reported the metric. */
  pageViews: number;
  /** Hours in a row the p75 was over (or back within) the budget. */
  consecutiveHours: number;
}

/** What a certificate alert (ssl.*) says about the certificate. */
export interface SslAlertFacts {
  subjectCn: string | null;
  issuer: string;
  fingerprintSha256: string;
  validTo: number;
  daysRemaining: number;
  /** ssl.expiring: the warning threshold reached (30, 14, 7, 3 or 1 days). */
  thresholdDays?: number;
  /** ssl.renewed: when the replaced certificate would have expired. */
  previousValidTo?: number;
  /** ssl.problem: the problems that appeared. */
  problems: SslProblem[];
  /** ssl.problem_cleared: the problems that are gone. */
  clearedProblems: SslProblemCode[];
}

/** What a domain expiry warning (domain.expiring) says about the registration. */
export interface DomainAlertFacts {
  /** The registrable domain, e.g. example.co.uk. */
  domain: string;
  expiresAt: number;
  daysRemaining: number;
  /** The warning threshold reached (30, 14, 7, 3 or 1 days). */
  thresholdDays: number;
  registrar: string | null;
}

/** One monitor of a grouped alert (monitors.down, monitors.up). */
export interface GroupedMonitor {
  monitor: { id: string; name: string; url: string };
  incident: { id: string; title: string; startedAt: number } | null;
  at: number;
  failure: AlertEvent['failure'];
  downtimeMs: number | null;
}

/** Where an escalation stands (incident.escalated). */
export interface EscalationAlertFacts {
  policyName: string;
  /** The step that fired, 1-based, and how many the policy has. */
  step: number;
  steps: number;
  /** The last step fired again (the policy repeats it until acknowledged). */
  repeat: boolean;
  /** Since the Down alert went out. */
  unacknowledgedMs: number;
}

export interface AlertEvent {
  kind: AlertKind;
  /** When it happened: the outage's first failure, or the recovery. */
  at: number;
  monitor: { id: string; name: string; url: string };
  incident: { id: string; title: string; startedAt: number } | null;
  /** The failing check, for a down alert. */
  failure: { statusCode: number | null; code: string | null; message: string | null } | null;
  /** How long the outage lasted, for a recovery. */
  downtimeMs: number | null;
  /** Certificate alerts only. */
  certificate?: SslAlertFacts;
  /** Domain expiry warnings only. */
  domain?: DomainAlertFacts;
  /** Performance budget alerts only; `monitor` then names the performance site. */
  performance?: PerformanceAlertFacts;
  /** Grouped alerts only: every monitor of the group, `monitor` being the first. */
  group?: GroupedMonitor[];
  /** Slow-answer alerts only: the latest response time and the monitor's threshold. */
  slow?: { latencyMs: number; thresholdMs: number };
  /** Region alerts only: the region, and its error while failing. */
  region?: { name: string; error: string | null };
  /** Escalations only. */
  escalation?: EscalationAlertFacts;
  /**
   * A Down alert that starts flapping control: this many status changes within the window, and
   * no further alerts for the monitor until it has been stable that long.
   */
  flapping?: { changes: number; windowMinutes: number };
  /** Acknowledgements only: who, as the incident's timeline says it. */
  acknowledgement?: { by: string };
}
