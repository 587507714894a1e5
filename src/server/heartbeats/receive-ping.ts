// A heartbeat ping: found by its token, counted against the per-monitor limit, logged, stored as
// the monitor's state, and judged through the same path as a check result (recording/record.ts: status
// change, incident, alerts), in one transaction with the other pings that arrived meanwhile
// (ping-queue.ts). To judge, the batch claims the monitor row like a worker would, under its own
// worker id; if a worker holds the claim just then,
// the row is made due at once instead (check_reason 'ping' keeps it due past that worker's write)
// and the worker judges the same stored state moments later.
import { type Kysely, sql, type Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { evaluate } from '../../core/heartbeat-schedule.ts';
import type { FlapPolicy } from '../incidents/lifecycle.ts';
import { heartbeatStateOf, judgedAt, scheduleOf } from '../monitors/kinds/heartbeat.ts';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { smallerOf } from '../platform/db/dialect.ts';
import { lockingRead, returningAllOf } from '../platform/db/row-locks.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { updateFromValues } from '../platform/db/values-update.ts';
import type { EventBus, MonitorEvent } from '../platform/events/bus.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordResultsIn } from '../recording/record.ts';
import type { FinishedCheck } from '../results/finished-check.ts';
import type { Ping } from './ping.ts';
import { type LoggedPing, logPings } from './ping-log.ts';

export interface PingDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  flapPolicy?: FlapPolicy;
  /** How long the first ping of a batch waits for others to join it (ping-queue.ts); 0 or unset: one turn of the event loop. */
  gatherMs?: number;
}

const CLAIM_MS = 30_000;

export function unknownToken(): ApiError {
  return new ApiError(404, 'not_found', 'No heartbeat has this ping URL.');
}

function failureOf(ping: Ping): string | null {
  if (ping.kind === 'fail') return 'The job reported a failure (/fail).';
  if (ping.kind === 'exit' && ping.exitStatus !== 0) return `The job exited with status ${ping.exitStatus}.`;
  return null;
}

/**
 * A completed run's state. It closes the open run unless it names another run (overlapping runs
 * with ?rid=); the open run read from the locked row stays as it is otherwise.
 */
function completedState(monitor: MonitorTable, ping: Ping, at: number) {
  const closes = ping.rid === null || monitor.run_rid === null || monitor.run_rid === ping.rid;
  return {
    last_ping_at: at,
    last_ping_failure: failureOf(ping),
    run_started_at: closes ? null : monitor.run_started_at,
    run_rid: closes ? null : monitor.run_rid,
  };
}

/** A ping waiting for its batch: when it arrived, and the request's promise to settle. */
export interface ArrivedPing {
  ping: Ping;
  at: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** The monitors the batch's tokens name, locked on PostgreSQL in id order (two batches never deadlock). */
async function lockedMonitors(tx: Transaction<Database>, dialect: Dialect, tokens: string[]) {
  const query = tx
    .selectFrom('monitors')
    .selectAll()
    .where('ping_token', 'in', tokens)
    .where('kind', '=', 'heartbeat')
    .orderBy('id');
  return new Map(
    (await lockingRead(dialect, query).execute()).map((monitor) => [monitor.ping_token, monitor]),
  );
}

/** Opens a run (a /start): an open run must finish within the grace time, so its deadline comes forward. */
async function startRun(
  deps: PingDeps,
  tx: Transaction<Database>,
  monitor: MonitorTable,
  { ping, at }: ArrivedPing,
) {
  const deadline = judgedAt(at + scheduleOf(monitor).graceSeconds * 1000);
  await tx
    .updateTable('monitors')
    .set({
      run_started_at: at,
      run_rid: ping.rid,
      next_run_at: smallerOf(deps.dialect, sql`next_run_at`, sql`${deadline}`),
    })
    .where('id', '=', monitor.id)
    .execute();
}

/**
 * Writes the batch's completed runs in one statement, not one per ping (that was a fifth of a
 * ping's CPU, bench/scheduler.ts with only heartbeats). Each row is claimed to be judged here,
 * unless a check job is judging it right now: then it is made due at once instead, and the job
 * judges again with this ping in its state. Returns the checks to judge, in the batch's order.
 */
async function completeRuns(
  deps: PingDeps,
  tx: Transaction<Database>,
  completions: readonly (LoggedPing & { arrived: ArrivedPing })[],
  workerId: string,
): Promise<FinishedCheck[]> {
  const at = sql`cast(v.last_ping_at as bigint)`;
  const free = sql`(monitors.claimed_until is null or monitors.claimed_until <= ${at})`;
  const rows = await updateFromValues<MonitorTable>(
    tx,
    {
      table: 'monitors',
      keys: ['id'],
      casts: { last_ping_at: 'bigint', run_started_at: 'bigint' },
      assign: {
        claimed_by: sql`case when ${free} then ${workerId} else monitors.claimed_by end`,
        claimed_until: sql`case when ${free} then ${at} + ${CLAIM_MS} else monitors.claimed_until end`,
        next_run_at: sql`case when ${free} then monitors.next_run_at else ${at} end`,
        check_reason: sql`case when ${free} then monitors.check_reason else 'ping' end`,
      },
      returning: returningAllOf(deps.dialect, 'monitors'),
      maxChunk: 128,
    },
    completions.map(({ monitor, ping, at: pingedAt }) => ({
      id: monitor.id,
      ...completedState(monitor, ping, pingedAt),
    })),
  );
  const updated = new Map(rows.map((row) => [row.id, row]));
  return completions.flatMap(({ monitor, at: pingedAt }) => {
    const row = updated.get(monitor.id);
    return row?.claimed_by === workerId ? [verdictOf(row, pingedAt)] : [];
  });
}

/**
 * Receives a batch of pings, at most one per monitor, in one transaction: a commit is the largest
 * cost of a ping, and pings arrive as often as checks run (bench/scheduler.ts). A ping refused on
 * its own (unknown token, rate limit) is rejected alone; a failed transaction rejects the batch.
 */
export async function receivePings(deps: PingDeps, batch: readonly ArrivedPing[]): Promise<void> {
  const settled = new Map<ArrivedPing, unknown>();
  const workerId = `ping:${uuidv7()}`;
  let events: MonitorEvent[];
  try {
    events = await deps.db.transaction().execute(async (tx) => {
      const monitors = await lockedMonitors(tx, deps.dialect, [
        ...new Set(batch.map(({ ping }) => ping.token)),
      ]);
      const found: (LoggedPing & { arrived: ArrivedPing })[] = [];
      for (const arrived of batch) {
        const monitor = monitors.get(arrived.ping.token);
        if (monitor) found.push({ monitor, ping: arrived.ping, at: arrived.at, arrived });
        else settled.set(arrived, unknownToken());
      }
      const refused = await logPings(tx, found);
      const completions: typeof found = [];
      for (const entry of found) {
        const refusal = refused.get(entry);
        if (refusal) settled.set(entry.arrived, refusal);
        // A paused monitor logs its pings and nothing more.
        else if (entry.monitor.paused === 1) continue;
        else if (entry.ping.kind === 'start') await startRun(deps, tx, entry.monitor, entry.arrived);
        else completions.push(entry);
      }
      const judged = completions.length > 0 ? await completeRuns(deps, tx, completions, workerId) : [];
      return recordResultsIn(tx, deps.dialect, workerId, judged, 0, deps.flapPolicy);
    });
  } catch (error) {
    for (const arrived of batch) arrived.reject(error);
    return;
  }
  deps.events.publish(events);
  for (const arrived of batch) {
    const refusal = settled.get(arrived);
    if (refusal === undefined) arrived.resolve();
    else arrived.reject(refusal);
  }
}

/** The verdict on the claimed monitor's state, judged like a check result. */
function verdictOf(claimed: MonitorTable, now: number): FinishedCheck {
  const verdict = evaluate(scheduleOf(claimed), heartbeatStateOf(claimed), now);
  return {
    monitor: { ...claimed, check_reason: 'ping' },
    outcome: {
      checkedAt: now,
      region: 'ping',
      status: verdict.status,
      statusCode: null,
      timings: { totalMs: 0 },
      responseBytes: null,
      failure: verdict.failure,
    },
  };
}
