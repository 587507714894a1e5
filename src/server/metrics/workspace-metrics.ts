// A workspace's monitors in Prometheus's text format (issue 22): one registry built per scrape
// from what the database already keeps (each monitor's row and latest result, the certificate and
// domain states, daily rollups), so a scrape costs a few indexed reads, never the check path.
import { type Kysely, sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { LATENCY_BUCKET_BOUNDS_MS, LATENCY_BUCKET_COUNT } from '../../core/latency-histogram.ts';
import { selectResults } from '../history/result-store.ts';
import { isStale, type StalenessFacts } from '../monitors/staleness.ts';
import { fieldFigures } from '../performance/field/field-gauges.ts';
import type { Database } from '../platform/db/schema.ts';
import { MONITOR_LABELS, type MonitorLabels, monitorLabels } from './monitor-labels.ts';

/** upwatch_monitor_status values. */
export const STATUS_VALUES = { down: 0, up: 1, degraded: 2, paused: 3, maintenance: 4, stale: 5 } as const;

const PHASES = ['dns', 'connect', 'tls', 'ttfb', 'download'] as const;

interface MonitorFacts extends StalenessFacts {
  id: string;
  name: string;
  paused: number;
  last_ping_at?: number | null;
  regional?: number;
}

function statusValue(monitor: MonitorFacts, now: number): number | null {
  if (monitor.paused === 1) return STATUS_VALUES.paused;
  if ((monitor.maintenance_until ?? 0) > now) return STATUS_VALUES.maintenance;
  if (isStale(monitor, now)) return STATUS_VALUES.stale;
  if (monitor.status === 'up' || monitor.status === 'down' || monitor.status === 'degraded')
    return STATUS_VALUES[monitor.status];
  // Pending: not checked yet, nothing to say.
  return null;
}

/**
 * upwatch_check_duration_seconds from the daily rollups' latency histograms: cumulative since the
 * oldest kept day, as a Prometheus histogram is. Only checks that got an answer have a duration.
 */
async function durationHistogram(
  db: Kysely<Database>,
  workspaceId: string,
  labels: Map<string, MonitorLabels>,
) {
  const buckets = Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) =>
    sql<number>`sum(${sql.ref(`r.h${i}`)})`.as(`h${i}`),
  );
  const rows = await db
    .selectFrom('rollups_daily as r')
    .innerJoin('monitors as m', 'm.id', 'r.monitor_id')
    .select([
      'r.monitor_id',
      sql<number>`sum(r.up_checks)`.as('count'),
      sql<number>`sum(r.latency_sum_ms)`.as('sum_ms'),
      ...buckets,
    ])
    .where('m.workspace_id', '=', workspaceId)
    .groupBy('r.monitor_id')
    .execute();
  const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
  for (const row of rows) {
    const base = { ...(labels.get(row.monitor_id) as MonitorLabels), phase: 'total' };
    const record = row as unknown as Record<string, number>;
    let cumulative = 0;
    for (let bucket = 0; bucket < LATENCY_BUCKET_COUNT; bucket++) {
      cumulative += Number(record[`h${bucket}`] ?? 0);
      const bound = LATENCY_BUCKET_BOUNDS_MS[bucket];
      values.push({
        metricName: 'upwatch_check_duration_seconds_bucket',
        labels: { ...base, le: bound === undefined ? '+Inf' : bound / 1000 },
        value: cumulative,
      });
    }
    values.push({
      metricName: 'upwatch_check_duration_seconds_sum',
      labels: base,
      value: Number(row.sum_ms) / 1000,
    });
    values.push({
      metricName: 'upwatch_check_duration_seconds_count',
      labels: base,
      value: Number(row.count),
    });
  }
  return {
    name: 'upwatch_check_duration_seconds',
    help: 'How long checks that got an answer took, from the daily rollups (phase="total")',
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    values,
  };
}

/**
 * Real visitors' vitals per site: the timed ones in seconds, CLS unitless (a metric holds one
 * unit), over the last 24 hours and 28 days.
 */
async function addFieldGauges(registry: Registry, db: Kysely<Database>, workspaceId: string, now: number) {
  const labelNames = ['site_id', 'site', 'window'];
  const pageViews = new Gauge({
    name: 'upwatch_field_page_views',
    help: "Real visitors' page views of the performance site in the window",
    labelNames,
    registers: [registry],
  });
  const timed = new Gauge({
    name: 'upwatch_field_p75_seconds',
    help: "The 75th percentile of real visitors' LCP, INP, FCP or TTFB in the window",
    labelNames: [...labelNames, 'vital'],
    registers: [registry],
  });
  const shift = new Gauge({
    name: 'upwatch_field_cls_p75',
    help: "The 75th percentile of real visitors' Cumulative Layout Shift in the window (unitless)",
    labelNames,
    registers: [registry],
  });
  for (const figures of await fieldFigures(db, workspaceId, now)) {
    const labels = { site_id: figures.siteId, site: figures.site, window: figures.window };
    pageViews.set(labels, figures.pageViews);
    for (const [vital, value] of Object.entries(figures.p75)) {
      if (vital === 'cls') shift.set(labels, value);
      else timed.set({ ...labels, vital }, value / 1000);
    }
  }
}

export async function workspaceMetrics(
  db: Kysely<Database>,
  workspaceId: string,
  now: number,
): Promise<string> {
  const monitors: MonitorFacts[] = await db
    .selectFrom('monitors')
    .select([
      'id',
      'name',
      'kind',
      'status',
      'paused',
      'maintenance_until',
      'last_checked_at',
      'last_ping_at',
      'regional',
      'interval_seconds',
      'timeout_ms',
      'created_at',
      'last_status_change_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .orderBy('name')
    .execute();
  // Each monitor's latest result, found through the results' key (its number and time).
  const latest = await selectResults(db)
    .where('m.workspace_id', '=', workspaceId)
    .whereRef('r.checked_at', '=', 'm.last_checked_at')
    .execute();
  const latestOf = new Map(latest.map((row) => [row.monitor_id, row]));
  const labels = await monitorLabels(db, workspaceId, monitors, (id) => latestOf.get(id)?.region);

  const registry = new Registry();
  const gauge = (name: string, help: string, extra: string[] = []) =>
    new Gauge({ name, help, labelNames: [...MONITOR_LABELS, ...extra], registers: [registry] });
  const up = gauge('upwatch_monitor_up', 'Whether the monitor answers as expected: 1 up or degraded, 0 down');
  const status = gauge(
    'upwatch_monitor_status',
    'The monitor: 0 down, 1 up, 2 degraded, 3 paused, 4 maintenance, 5 stale',
  );
  const stale = gauge(
    'upwatch_monitor_stale',
    'Whether no result came for twice the interval plus the timeout: 1 stale (upwatch_monitor_up is then absent), 0 not',
  );
  const lastCheck = gauge('upwatch_monitor_last_check_timestamp_seconds', "The monitor's latest result");
  const phase = gauge('upwatch_check_phase_seconds', "An HTTP monitor's latest check, phase by phase", [
    'phase',
  ]);
  const certificate = gauge('upwatch_certificate_expiry_seconds', 'Seconds until the certificate expires');
  const domain = gauge('upwatch_domain_expiry_seconds', 'Seconds until the domain registration expires');
  const lastPing = gauge('upwatch_heartbeat_last_ping_timestamp_seconds', "A heartbeat's last completed run");

  for (const monitor of monitors) {
    const own = labels.get(monitor.id) as MonitorLabels;
    const value = statusValue(monitor, now);
    if (value !== null) status.set(own, value);
    // A stale monitor's last status is not known to hold: no up sample, and stale says why.
    if (value !== null && value <= STATUS_VALUES.degraded) up.set(own, value === STATUS_VALUES.down ? 0 : 1);
    stale.set(own, value === STATUS_VALUES.stale ? 1 : 0);
    if (monitor.last_checked_at) lastCheck.set(own, monitor.last_checked_at / 1000);
    if (monitor.last_ping_at) lastPing.set(own, monitor.last_ping_at / 1000);
    const result = latestOf.get(monitor.id);
    if (monitor.kind === 'http' && result) {
      for (const name of PHASES) {
        const ms = result[`${name}_ms`];
        if (ms !== null && ms !== undefined) phase.set({ ...own, phase: name }, Number(ms) / 1000);
      }
    }
  }
  const certificates = await db
    .selectFrom('monitor_ssl_state as s')
    .innerJoin('monitors as m', 'm.id', 's.monitor_id')
    .select(['s.monitor_id', 's.valid_to'])
    .where('m.workspace_id', '=', workspaceId)
    .where('s.valid_to', 'is not', null)
    .execute();
  for (const row of certificates) {
    certificate.set(labels.get(row.monitor_id) as MonitorLabels, (Number(row.valid_to) - now) / 1000);
  }
  const domains = await db
    .selectFrom('monitor_domains as d')
    .innerJoin('monitors as m', 'm.id', 'd.monitor_id')
    .innerJoin('domain_expiry as e', 'e.domain', 'd.domain')
    .select(['d.monitor_id', 'e.expires_at'])
    .where('m.workspace_id', '=', workspaceId)
    .where('e.expires_at', 'is not', null)
    .execute();
  for (const row of domains) {
    domain.set(labels.get(row.monitor_id) as MonitorLabels, (Number(row.expires_at) - now) / 1000);
  }
  await addFieldGauges(registry, db, workspaceId, now);
  const histogram = await durationHistogram(db, workspaceId, labels);
  registry.registerMetric({ ...histogram, get: async () => histogram } as never);
  return registry.metrics();
}
