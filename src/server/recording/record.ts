// Stores a batch of finished checks in one transaction: raw results (one multi-row insert),
// rollups, and each monitor's new status and next run. Returns the events to publish once
// the transaction has committed.
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { type NewResult, storeResults } from '../history/result-store.ts';
import { recordRollups } from '../history/rollups.ts';
import type { TimeSpan } from '../history/time-spans.ts';
import { applyStatusChanges, DEFAULT_FLAP_POLICY, type FlapPolicy } from '../incidents/lifecycle.ts';
import type { StatusChange } from '../incidents/status-change.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { type MonitorStateUpdate, updateClaimedMonitors } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';
import type { MonitorEvent } from '../platform/events/bus.ts';
import { storeRegionalChecks } from '../regions/record-regional.ts';
import type { FinishedCheck } from '../results/finished-check.ts';
import { judge } from '../results/judge.ts';
import { markChangedCertificates } from '../ssl/claim.ts';
import { enqueueSpeedAlert, type SpeedAlert, speedAlertOf } from './speed-alerts.ts';

/** What a batch of finished checks writes, judged before any transaction opens. */
interface JudgedBatch {
  batch: readonly FinishedCheck[];
  rows: NewResult[];
  /** The time each row's check accounts for, beside it. */
  spans: TimeSpan[][];
  updates: MonitorStateUpdate[];
  statusChanges: StatusChange[];
  /** Slow-answer alerts of monitors that asked for them. */
  speedAlerts: SpeedAlert[];
  events: MonitorEvent[];
  certificates: Map<string, string>;
  lastCheckedAt: number;
}

export async function recordResults(
  db: Kysely<Database>,
  dialect: Dialect,
  workerId: string,
  batch: readonly FinishedCheck[],
  confirmDelayMs: number,
  flapPolicy: FlapPolicy = DEFAULT_FLAP_POLICY,
): Promise<MonitorEvent[]> {
  if (batch.length === 0) return [];
  const store = (checks: readonly FinishedCheck[]) =>
    storeBatch(db, dialect, workerId, checks, confirmDelayMs, flapPolicy);
  try {
    return await store(batch);
  } catch (err) {
    // A monitor deleted while its check ran fails the results insert (its foreign key): it takes
    // its own result with it, not the batch's others. Looked for only after a failure, so a batch
    // that stores pays nothing for it.
    const gone = await deletedMonitors(db, batch);
    if (gone.size === 0) throw err;
    return store(batch.filter((check) => !gone.has(check.monitor.id)));
  }
}

async function storeBatch(
  db: Kysely<Database>,
  dialect: Dialect,
  workerId: string,
  batch: readonly FinishedCheck[],
  confirmDelayMs: number,
  flapPolicy: FlapPolicy,
): Promise<MonitorEvent[]> {
  const regional = batch.filter((check): check is FinishedCheck & { run: MonitorRegionTable } => !!check.run);
  const judged = judgeBatch(
    regional.length === 0 ? batch : batch.filter((check) => !check.run),
    confirmDelayMs,
  );
  const regionalEvents = await db.transaction().execute(async (tx) => {
    if (judged.batch.length > 0) await storeJudged(tx, dialect, workerId, judged, flapPolicy, confirmDelayMs);
    return storeRegionalChecks(tx, dialect, workerId, regional, confirmDelayMs, flapPolicy);
  });
  return [...judged.events, ...regionalEvents];
}

/**
 * The batch's monitors deleted since they were claimed. A delete landing after this read fails
 * the batch again; the check job then stores it with the next (check-job.ts).
 */
async function deletedMonitors(db: Kysely<Database>, batch: readonly FinishedCheck[]): Promise<Set<string>> {
  const ids = [...new Set(batch.map((check) => check.monitor.id))];
  const present = await db.selectFrom('monitors').select('id').where('id', 'in', ids).execute();
  const found = new Set(present.map((row) => row.id));
  return new Set(ids.filter((id) => !found.has(id)));
}

/**
 * The same inside a transaction the caller holds (a heartbeat ping's, which logs the ping and
 * judges it in one commit). Returns the events to publish once that transaction has committed.
 */
export async function recordResultsIn(
  tx: Transaction<Database>,
  dialect: Dialect,
  workerId: string,
  batch: readonly FinishedCheck[],
  confirmDelayMs: number,
  flapPolicy: FlapPolicy = DEFAULT_FLAP_POLICY,
): Promise<MonitorEvent[]> {
  const judged = judgeBatch(batch, confirmDelayMs);
  await storeJudged(tx, dialect, workerId, judged, flapPolicy, confirmDelayMs);
  return judged.events;
}

function judgeBatch(batch: readonly FinishedCheck[], confirmDelayMs: number): JudgedBatch {
  const events: MonitorEvent[] = [];
  const rows: NewResult[] = [];
  const spans: TimeSpan[][] = [];
  const updates: MonitorStateUpdate[] = [];
  const statusChanges: StatusChange[] = [];
  const speedAlerts: SpeedAlert[] = [];
  const certificates = new Map<string, string>();
  let lastCheckedAt = 0;

  for (const { monitor, outcome } of batch) {
    // A result is keyed by its monitor and millisecond: one judged in the same millisecond as the
    // monitor's last (a heartbeat's ping and its /fail) is stored a millisecond later.
    const checkedAt =
      outcome.checkedAt === monitor.last_checked_at ? outcome.checkedAt + 1 : outcome.checkedAt;
    if (outcome.tlsFingerprint) certificates.set(monitor.id, outcome.tlsFingerprint);
    lastCheckedAt = Math.max(lastCheckedAt, checkedAt);
    const kind = kindOf(monitor);
    const judged = judge({
      monitor,
      outcome,
      checkedAt,
      current: {
        status: monitor.status,
        streak: monitor.streak,
        lastStatusChangeAt: monitor.last_status_change_at,
        confirmingSince: monitor.confirming_since,
      },
      lastCheckedAt: monitor.last_checked_at,
      // A timer may fire a millisecond before the wall clock reaches the due time.
      dueAt: monitor.next_run_at,
      confirmDelayMs: kind.confirmFailures === false ? null : confirmDelayMs,
      ownNextRunAt: kind.nextRunAt?.(monitor, checkedAt),
      region: outcome.region,
    });
    const { transition } = judged;
    const { state } = transition;
    rows.push(judged.row);
    spans.push(judged.spans);
    // Nothing alerts during maintenance, slowness included.
    const speed = judged.maintenance
      ? null
      : speedAlertOf(monitor, state, Math.round(outcome.timings.totalMs), checkedAt);
    if (speed) speedAlerts.push(speed);
    updates.push({
      id: monitor.id,
      status: state.status,
      streak: state.streak,
      lastStatusChangeAt: state.lastStatusChangeAt,
      confirmingSince: state.confirmingSince,
      lastCheckedAt: checkedAt,
      lastLatencyMs: judged.latencyMs ?? monitor.last_latency_ms,
      nextRunAt: judged.nextRunAt,
      checkReason: monitor.check_reason ?? null,
    });
    events.push(judged.event);
    if (transition.event) {
      const event = {
        type: transition.event,
        workspaceId: monitor.workspace_id,
        monitorId: monitor.id,
        at: state.lastStatusChangeAt ?? checkedAt,
        from: monitor.status,
        to: state.status,
      };
      events.push(event);
      statusChanges.push({
        event,
        monitor,
        checkedAt: checkedAt,
        failure: outcome.failure && {
          statusCode: outcome.statusCode,
          code: outcome.failure.code,
          message: outcome.failure.message,
        },
      });
    }
  }

  return { batch, rows, spans, updates, statusChanges, speedAlerts, events, certificates, lastCheckedAt };
}

async function storeJudged(
  tx: Transaction<Database>,
  dialect: Dialect,
  workerId: string,
  {
    batch,
    rows,
    spans,
    updates,
    statusChanges,
    speedAlerts,
    events,
    certificates,
    lastCheckedAt,
  }: JudgedBatch,
  flapPolicy: FlapPolicy,
  confirmDelayMs: number,
): Promise<void> {
  await storeResults(tx, rows);
  await recordRollups(
    tx,
    dialect,
    rows.map((row, index) => ({
      monitorId: (batch[index] as FinishedCheck).monitor.id,
      checkedAt: row.checked_at,
      status: row.status,
      totalMs: row.total_ms,
      maintenance: row.maintenance,
      spans: spans[index],
    })),
  );
  const changes = events.flatMap((event) =>
    event.type === 'check.result'
      ? []
      : [
          {
            id: uuidv7(),
            monitor_id: event.monitorId,
            at: event.at,
            from_status: event.from,
            to_status: event.to,
          },
        ],
  );
  if (changes.length > 0) await tx.insertInto('monitor_status_changes').values(changes).execute();
  // A monitor paused or re-claimed meanwhile keeps what its new owner wrote. Stored before the
  // incidents are judged, so an outage sees the batch's other monitors as they now are (an
  // upstream and its dependants failing together).
  await updateClaimedMonitors(tx, workerId, updates);
  // Incidents and their alerts commit with the change that caused them, or not at all.
  if (statusChanges.length > 0) await applyStatusChanges(tx, statusChanges, flapPolicy, confirmDelayMs);
  for (const alert of speedAlerts) await enqueueSpeedAlert(tx, alert);
  await markChangedCertificates(tx, certificates, lastCheckedAt);
}
