// The figures of one digest, read with a fixed number of queries whatever the period's length
// or the number of monitors: rollups summed per monitor in SQL, the rest filtered by owner and time.
import { type Kysely, sql } from 'kysely';
import type { DigestData } from '../../core/api/digests.ts';
import type { Period } from '../../core/digest-periods.ts';
import { LATENCY_BUCKET_COUNT } from '../../core/latency-histogram.ts';
import { summarize, type WindowSummary } from '../history/uptime.ts';
import type { Database, RollupTable } from '../platform/db/schema.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Certificates that expire within this long of the period's end are listed. */
const CERT_WARNING_MS = 30 * DAY_MS;

type Db = Kysely<Database>;

const diff = (current: number | null, previous: number | null) =>
  current === null || previous === null ? null : current - previous;

/** One summed rollup row per monitor over [from, to): hourly buckets, so local midnights fall on bucket edges. */
async function rollupSums(db: Db, monitorIds: string[], from: number, to: number) {
  if (monitorIds.length === 0) return new Map<string, WindowSummary>();
  const sum = (column: string) => sql<number>`sum(${sql.ref(column)})`.as(column);
  const rows = await db
    .selectFrom('rollups_hourly')
    .select([
      'monitor_id',
      sum('checks'),
      sum('up_checks'),
      sum('degraded_checks'),
      sum('latency_sum_ms'),
      sum('up_ms'),
      sum('down_ms'),
    ])
    .select((eb) => [
      eb.fn.min('latency_min_ms').as('latency_min_ms'),
      eb.fn.max('latency_max_ms').as('latency_max_ms'),
    ])
    .select(Array.from({ length: LATENCY_BUCKET_COUNT }, (_, bucket) => sum(`h${bucket}`)))
    .where('monitor_id', 'in', monitorIds)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .groupBy('monitor_id')
    .execute();
  return new Map(
    rows.map((row) => {
      const numeric = Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, key === 'monitor_id' ? value : Number(value)]),
      ) as unknown as RollupTable;
      return [row.monitor_id, summarize([numeric])];
    }),
  );
}

async function uptimeFigures(db: Db, owners: string[], period: Period) {
  const monitors = await db
    .selectFrom('monitors')
    .select(['id', 'name'])
    .where('workspace_id', 'in', owners)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const ids = monitors.map((m) => m.id);
  const [current, previous] = await Promise.all([
    rollupSums(db, ids, period.start, period.end),
    rollupSums(db, ids, period.previousStart, period.start),
  ]);
  // Every monitor's uptime weighs alike: the workspace's share of monitor-time up.
  const overall = (sums: Map<string, WindowSummary>) => {
    const known = [...sums.values()].flatMap((s) => (s.uptimePercent === null ? [] : [s.uptimePercent]));
    return known.length === 0 ? null : known.reduce((total, percent) => total + percent, 0) / known.length;
  };
  const overallNow = overall(current);
  return {
    /** The period's time down over every monitor, as the uptime figures count it. */
    downtimeMs: [...current.values()].reduce((total, s) => total + s.downtimeMs, 0),
    overall: { uptimePercent: overallNow, uptimeChange: diff(overallNow, overall(previous)) },
    monitors: monitors.map(({ id, name }) => {
      const now = current.get(id);
      const before = previous.get(id);
      return {
        monitorId: id,
        name,
        uptimePercent: now?.uptimePercent ?? null,
        uptimeChange: diff(now?.uptimePercent ?? null, before?.uptimePercent ?? null),
        p50Ms: now?.p50Ms ?? null,
        p95Ms: now?.p95Ms ?? null,
        p50Change: diff(now?.p50Ms ?? null, before?.p50Ms ?? null),
        p95Change: diff(now?.p95Ms ?? null, before?.p95Ms ?? null),
      };
    }),
  };
}

/** Incidents overlapping the period, and the longest one's part inside it. */
async function incidentFigures(db: Db, owners: string[], period: Period) {
  const rows = await db
    .selectFrom('incidents')
    .select(['started_at', 'resolved_at'])
    .where('workspace_id', 'in', owners)
    .where('started_at', '<', period.end)
    .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>', period.start)]))
    .execute();
  const minutes = rows.map(
    (row) =>
      (Math.min(row.resolved_at ?? period.end, period.end) - Math.max(row.started_at, period.start)) /
      MINUTE_MS,
  );
  return { count: rows.length, longestMinutes: Math.round(Math.max(0, ...minutes)) };
}

async function certificateFigures(db: Db, owners: string[], period: Period) {
  const rows = await db
    .selectFrom('monitor_ssl_state')
    .innerJoin('monitors', 'monitors.id', 'monitor_ssl_state.monitor_id')
    .select(['monitors.id', 'monitors.name', 'monitor_ssl_state.valid_to'])
    .where('monitors.workspace_id', 'in', owners)
    .where('monitor_ssl_state.valid_to', 'is not', null)
    .where('monitor_ssl_state.valid_to', '<=', period.end + CERT_WARNING_MS)
    .orderBy('monitor_ssl_state.valid_to')
    .execute();
  return rows.map((row) => {
    const validTo = Number(row.valid_to);
    return {
      monitorId: row.id,
      name: row.name,
      validTo,
      daysRemaining: Math.floor((validTo - period.end) / DAY_MS),
    };
  });
}

async function runAverages(db: Db, owners: string[], from: number, to: number) {
  const rows = await db
    .selectFrom('performance_checks')
    .select((eb) => [
      'site_id',
      eb.fn.avg<number>('performance_score').as('score'),
      eb.fn.avg<number>('lcp_ms').as('lcp'),
    ])
    .where('workspace_id', 'in', owners)
    .where('status', '=', 'succeeded')
    .where('finished_at', '>=', from)
    .where('finished_at', '<', to)
    .groupBy('site_id')
    .execute();
  const round = (value: unknown) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return new Map(rows.map((row) => [row.site_id, { score: round(row.score), lcp: round(row.lcp) }]));
}

async function performanceFigures(db: Db, owners: string[], period: Period) {
  const [sites, current, previous, violations] = await Promise.all([
    db
      .selectFrom('performance_sites')
      .select(['id', 'name'])
      .where('workspace_id', 'in', owners)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    runAverages(db, owners, period.start, period.end),
    runAverages(db, owners, period.previousStart, period.start),
    db
      .selectFrom('budget_violations')
      .select((eb) => ['site_id', eb.fn.countAll<number>().as('count')])
      .where('workspace_id', 'in', owners)
      .where('started_at', '>=', period.start)
      .where('started_at', '<', period.end)
      .groupBy('site_id')
      .execute(),
  ]);
  const violationCount = new Map(violations.map((row) => [row.site_id, Number(row.count)]));
  return sites.map(({ id, name }) => {
    const now = current.get(id);
    const before = previous.get(id);
    return {
      siteId: id,
      name,
      score: now?.score ?? null,
      scoreChange: diff(now?.score ?? null, before?.score ?? null),
      lcpMs: now?.lcp ?? null,
      lcpChange: diff(now?.lcp ?? null, before?.lcp ?? null),
      budgetViolations: violationCount.get(id) ?? 0,
    };
  });
}

async function deploymentCount(db: Db, owners: string[], period: Period) {
  const row = await db
    .selectFrom('deployments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', 'in', owners)
    .where('deployed_at', '>=', period.start)
    .where('deployed_at', '<', period.end)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The workspaces a person belongs to: their digest covers every one of them, whatever their role. */
async function workspacesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('member').select('organizationId').where('userId', '=', userId).execute();
  return rows.length > 0 ? rows.map((row) => row.organizationId) : [userId];
}

export async function buildDigestData(db: Db, userId: string, period: Period): Promise<DigestData> {
  const owners = await workspacesOf(db, userId);
  const [{ downtimeMs, ...uptime }, incidents, certificatesExpiring, performance, deployments] =
    await Promise.all([
      uptimeFigures(db, owners, period),
      incidentFigures(db, owners, period),
      certificateFigures(db, owners, period),
      performanceFigures(db, owners, period),
      deploymentCount(db, owners, period),
    ]);
  return {
    periodStart: period.start,
    periodEnd: period.end,
    frequency: period.frequency,
    ...uptime,
    // Downtime is the monitors' time down, one figure with the uptime tab and the status pages.
    incidents: { ...incidents, downtimeMinutes: Math.round(downtimeMs / MINUTE_MS) },
    certificatesExpiring,
    performance,
    deployments,
  };
}
