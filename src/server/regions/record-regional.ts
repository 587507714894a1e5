// Stores the finished runs of multi-region monitors (issue 21) inside the batch's transaction.
// Each region judges its own result as a single-region monitor would (a failure is re-checked
// before it counts); the monitor itself follows the quorum: down only when at least `quorum` of
// its live regions are down (by default more than half). One region failing alone is shown as
// "failing from" and opens nothing. Regions whose workers have all been gone two minutes leave
// the count, so a dead worker raises no alarm.
import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import type { NewResult } from '../history/result-store.ts';
import { storeResults } from '../history/result-store.ts';
import { recordRollups } from '../history/rollups.ts';
import { type TimeSpan, timeSpans } from '../history/time-spans.ts';
import { applyStatusChanges, type FlapPolicy } from '../incidents/lifecycle.ts';
import type { StatusChange } from '../incidents/status-change.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { lockMonitors } from '../platform/db/row-locks.ts';
import type { CheckStatus, Database, MonitorTable } from '../platform/db/schema.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';
import type { MonitorEvent, MonitorEventType } from '../platform/events/bus.ts';
import type { FinishedCheck } from '../results/finished-check.ts';
import { judge } from '../results/judge.ts';
import { markChangedCertificates } from '../ssl/claim.ts';
import { onlineRegions } from './assignment.ts';
import { quorumVerdict } from './quorum.ts';
import { recordRegionRollups } from './region-rollups.ts';
import { type RegionalMonitorState, updateRegionalMonitors, updateRegionRuns } from './region-writes.ts';

const EVENT_FOR: Record<CheckStatus, MonitorEventType> = {
  up: 'monitor.up',
  down: 'monitor.down',
  degraded: 'monitor.degraded',
};

type RegionalCheck = FinishedCheck & { run: MonitorRegionTable };

/** What one run leaves in its region's row. */
function judgeRun(
  check: RegionalCheck,
  monitor: MonitorTable,
  row: MonitorRegionTable,
  checkedAt: number,
  confirmDelayMs: number,
) {
  const { outcome } = check;
  const judged = judge({
    monitor,
    outcome,
    checkedAt,
    current: {
      status: row.status,
      streak: 0,
      lastStatusChangeAt: null,
      confirmingSince: row.confirming_since,
    },
    lastCheckedAt: row.last_checked_at,
    dueAt: check.run.next_run_at,
    confirmDelayMs: kindOf(monitor).confirmFailures === false ? null : confirmDelayMs,
    region: row.region,
  });
  const failing = outcome.status !== 'up';
  const next: MonitorRegionTable = {
    ...row,
    status: judged.transition.state.status as MonitorRegionTable['status'],
    confirming_since: judged.transition.state.confirmingSince,
    last_checked_at: checkedAt,
    latency_ms: judged.latencyMs ?? row.latency_ms,
    failure_code: failing ? (outcome.failure?.code ?? null) : null,
    failure_message: failing ? (outcome.failure?.message ?? null) : null,
    next_run_at: judged.nextRunAt,
    claimed_until: null,
    claimed_by: null,
  };
  return { next, judged };
}

/** A region failing alone, or back, for a monitor that asked to hear of it: no incident. */
async function enqueueRegionAlert(
  tx: Transaction<Database>,
  monitor: MonitorTable,
  kind: 'monitor.region_down' | 'monitor.region_recovered',
  move: { region: string; error: string | null; at: number },
): Promise<void> {
  const event: AlertEvent = {
    kind,
    at: move.at,
    monitor: { id: monitor.id, name: monitor.name, url: kindOf(monitor).target(monitor) },
    incident: null,
    failure: null,
    downtimeMs: null,
    region: { name: move.region, error: kind === 'monitor.region_down' ? move.error : null },
  };
  await enqueueAlert(tx, { workspaceId: monitor.workspace_id, incidentId: null, event, now: move.at });
}

/** The incident's cause: which regions fail, and each one's error. */
function failureOf(failing: readonly MonitorRegionTable[]): StatusChange['failure'] {
  const first = failing[0];
  if (!first) return null;
  const errors = failing.map(
    (row) => `${row.region}: ${row.failure_message ?? row.failure_code ?? 'failed'}`,
  );
  return {
    statusCode: null,
    code: first.failure_code,
    message: `Failing from ${failing.map((row) => row.region).join(', ')}. ${errors.join('; ')}`,
  };
}

export async function storeRegionalChecks(
  tx: Transaction<Database>,
  dialect: Dialect,
  workerId: string,
  checks: readonly RegionalCheck[],
  confirmDelayMs: number,
  flapPolicy: FlapPolicy,
): Promise<MonitorEvent[]> {
  if (checks.length === 0) return [];
  const ids = [...new Set(checks.map((check) => check.monitor.id))].sort();
  // Every region's worker locks the monitor before reading the other regions' rows, so two
  // regions failing at once both see each other and the quorum is judged once, not by neither.
  await lockMonitors(tx, dialect, ids);
  const monitors = new Map(
    (await tx.selectFrom('monitors').selectAll().where('id', 'in', ids).execute()).map((row) => [
      row.id,
      row,
    ]),
  );
  /** Each monitor's rows by region, updated in place as the batch's runs are judged. */
  const rows = new Map<string, Map<string, MonitorRegionTable>>();
  for (const row of await tx
    .selectFrom('monitor_regions')
    .selectAll()
    .where('monitor_id', 'in', ids)
    .execute()) {
    const own = rows.get(row.monitor_id) ?? new Map<string, MonitorRegionTable>();
    own.set(row.region, row);
    rows.set(row.monitor_id, own);
  }
  const written: MonitorRegionTable[] = [];
  const now = Math.max(...checks.map((check) => check.outcome.checkedAt));
  const online = new Set(await onlineRegions(tx, now));
  const results: NewResult[] = [];
  /** The monitor of each stored result, in order. */
  const resultMonitors: string[] = [];
  /** The time each result accounts for in its own region, beside it. */
  const regionSpans: TimeSpan[][] = [];
  const touched = new Map<string, { latest: number; latencyMs: number | null; maintenance: boolean }>();
  const events: MonitorEvent[] = [];
  const certificates = new Map<string, string>();
  /** Regions whose own status moved in this batch: what a region alert is about. */
  const moved: {
    monitorId: string;
    region: string;
    from: string;
    to: string;
    error: string | null;
    at: number;
  }[] = [];

  for (const check of checks) {
    const monitor = monitors.get(check.monitor.id);
    const own = rows.get(check.monitor.id);
    const row = own?.get(check.run.region);
    // Deleted, paused, or the region dropped from its set while the check ran.
    if (!monitor || monitor.paused === 1 || !own || !row || row.claimed_by !== workerId) continue;
    online.add(row.region);
    // Regions check at the same phase: a result keyed in a millisecond another region's holds moves on one.
    const taken = new Set([...own.values()].map((other) => other.last_checked_at));
    let checkedAt = check.outcome.checkedAt;
    while (taken.has(checkedAt)) checkedAt += 1;
    const { next, judged } = judgeRun(check, monitor, row, checkedAt, confirmDelayMs);
    own.set(row.region, next);
    written.push(next);
    if (next.status !== row.status && !judged.maintenance)
      moved.push({
        monitorId: monitor.id,
        region: row.region,
        from: row.status,
        to: next.status,
        error: next.failure_message ?? next.failure_code,
        at: checkedAt,
      });
    resultMonitors.push(monitor.id);
    regionSpans.push(judged.spans);
    results.push(judged.row);
    if (check.outcome.tlsFingerprint) certificates.set(monitor.id, check.outcome.tlsFingerprint);
    const seen = touched.get(monitor.id);
    touched.set(monitor.id, {
      latest: Math.max(seen?.latest ?? 0, checkedAt),
      latencyMs: judged.latencyMs ?? seen?.latencyMs ?? null,
      maintenance: judged.maintenance,
    });
    events.push(judged.event);
  }

  await updateRegionRuns(tx, workerId, written);
  await storeResults(tx, results);
  await recordRegionRollups(tx, results, resultMonitors, regionSpans);
  const statusChanges: StatusChange[] = [];
  const verdicts = new Map<string, CheckStatus | null>();
  const states: RegionalMonitorState[] = [];
  /** The time each monitor's quorum accounts for since its last check, told once per batch. */
  const spansOf = new Map<string, TimeSpan[]>();
  for (const [id, seen] of touched) {
    const monitor = monitors.get(id) as MonitorTable;
    const regions = [...(rows.get(id)?.values() ?? [])].filter((row) => online.has(row.region));
    const { verdict, failing } = quorumVerdict(regions, monitor.quorum ?? null);
    verdicts.set(id, verdict);
    // Nothing moves during maintenance, as for a single-region monitor.
    const changed = verdict !== null && verdict !== monitor.status && !seen.maintenance;
    const newStatus = changed ? verdict : monitor.status;
    const lastStatusChangeAt = changed ? seen.latest : monitor.last_status_change_at;
    spansOf.set(
      id,
      timeSpans({
        before: { status: monitor.status, lastCheckedAt: monitor.last_checked_at },
        after: { status: newStatus, lastStatusChangeAt },
        checkedAt: Math.max(monitor.last_checked_at ?? 0, seen.latest),
        maintenance: seen.maintenance,
      }),
    );
    states.push({
      id,
      status: newStatus,
      streak: changed ? 1 : monitor.streak + 1,
      lastStatusChangeAt,
      lastCheckedAt: Math.max(monitor.last_checked_at ?? 0, seen.latest),
      lastLatencyMs: seen.latencyMs ?? monitor.last_latency_ms,
      // The next run any live region makes: what the monitor's page shows as its next check.
      nextRunAt: Math.min(...regions.map((row) => row.next_run_at)),
      failingRegions: failing.length > 0 ? failing.map((row) => row.region).join(',') : null,
    });
    if (!changed || verdict === null) continue;
    const event = {
      type: EVENT_FOR[verdict],
      workspaceId: monitor.workspace_id,
      monitorId: id,
      at: seen.latest,
      from: monitor.status,
      to: newStatus,
    };
    events.push(event);
    await tx
      .insertInto('monitor_status_changes')
      .values({ id: uuidv7(), monitor_id: id, at: event.at, from_status: event.from, to_status: event.to })
      .execute();
    statusChanges.push({ event, monitor, checkedAt: seen.latest, failure: failureOf(failing) });
  }
  await updateRegionalMonitors(tx, states);
  // Uptime is the quorum's: each run counts with the verdict it left, not its region's own status.
  await recordRollups(
    tx,
    dialect,
    results.map((result, index) => {
      const id = resultMonitors[index] as string;
      const spans = spansOf.get(id);
      spansOf.delete(id);
      return {
        monitorId: id,
        checkedAt: result.checked_at,
        status: verdicts.get(id) ?? result.status,
        totalMs: result.total_ms,
        maintenance: result.maintenance,
        spans,
      };
    }),
  );
  if (statusChanges.length > 0) await applyStatusChanges(tx, statusChanges, flapPolicy, confirmDelayMs);
  for (const move of moved) {
    const monitor = monitors.get(move.monitorId) as MonitorTable;
    // While the monitor is down its incident speaks for every region.
    if (monitor.alert_on_region_failure !== 1 || (verdicts.get(move.monitorId) ?? monitor.status) === 'down')
      continue;
    const kind =
      move.to === 'down' ? 'monitor.region_down' : move.from === 'down' ? 'monitor.region_recovered' : null;
    if (kind) await enqueueRegionAlert(tx, monitor, kind, move);
  }
  await markChangedCertificates(tx, certificates, now);
  return events;
}
