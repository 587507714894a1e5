// A heartbeat ping: found by its token, counted against the per-monitor limit, logged, stored as
// the monitor's state, and judged through the same path as a check result (record-results: status
// change, incident, alerts), all in the ping's one transaction. To judge, the request claims the
// monitor row like a worker would, under its own worker id; if a worker holds the claim just then,
// the row is made due at once instead (check_reason 'ping' keeps it due past that worker's write)
// and the worker judges the same stored state moments later.
import { type Kysely, sql, type Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { evaluate } from '../../core/heartbeat-schedule.ts';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/connect.ts';
import { smallerOf } from '../db/dialect.ts';
import type { HeartbeatPingTable } from '../db/heartbeat-schema.ts';
import type { Database, MonitorTable } from '../db/schema.ts';
import type { EventBus, MonitorEvent } from '../events/bus.ts';
import { ApiError } from '../http/errors.ts';
import type { FlapPolicy } from '../incidents/lifecycle.ts';
import { heartbeatStateOf, scheduleOf } from '../monitors/kinds/heartbeat.ts';
import { recordResultsIn } from '../scheduler/record-results.ts';
import { logPing } from './ping-log.ts';

export interface PingDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  flapPolicy?: FlapPolicy;
}

export interface Ping {
  token: string;
  kind: HeartbeatPingTable['kind'];
  exitStatus: number | null;
  rid: string | null;
  sourceAddress: string | null;
  userAgent: string | null;
  body: string | null;
  bodyTruncated: boolean;
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

/** The row after the ping's state is written: a completed run, or an open /start. */
function stateColumns(monitor: MonitorTable, ping: Ping, at: number): Partial<MonitorTable> {
  if (ping.kind === 'start') return { run_started_at: at, run_rid: ping.rid };
  // A completion closes the open run unless it names another run (overlapping runs with ?rid=).
  const closes = ping.rid === null || monitor.run_rid === null || monitor.run_rid === ping.rid;
  return {
    last_ping_at: at,
    last_ping_failure: failureOf(ping),
    ...(closes ? { run_started_at: null, run_rid: null } : {}),
  };
}

export async function receivePing(deps: PingDeps, ping: Ping): Promise<void> {
  const { db, clock, dialect } = deps;
  // One indexed lookup whether the token exists or not; nothing about a near-miss is revealed.
  const monitor = await db
    .selectFrom('monitors')
    .selectAll()
    .where('ping_token', '=', ping.token)
    .where('kind', '=', 'heartbeat')
    .executeTakeFirst();
  if (!monitor) throw unknownToken();
  const now = clock.now();

  const workerId = `ping:${uuidv7()}`;
  // The ping, the state it leaves and its verdict in one transaction: a commit is the largest
  // cost of a ping, and pings arrive as often as checks run (bench/scheduler.ts).
  const events = await logPing(deps, monitor, ping, now, async (tx) => {
    if (monitor.paused === 1) return [];
    const columns = stateColumns(monitor, ping, now);
    if (ping.kind === 'start') {
      // An open run must finish within the grace time: bring the deadline forward if it is later.
      const deadline = now + scheduleOf(monitor).graceSeconds * 1000;
      await tx
        .updateTable('monitors')
        .set({ ...columns, next_run_at: smallerOf(dialect, sql`next_run_at`, sql`${deadline}`) })
        .where('id', '=', monitor.id)
        .execute();
      return [];
    }
    // Claimed to judge it here, unless a check job is judging it right now: then it is made due
    // at once instead, and the job judges again with this ping in its state.
    const free = sql<boolean>`(claimed_until is null or claimed_until <= ${now})`;
    const updated = await tx
      .updateTable('monitors')
      .set({
        ...columns,
        claimed_by: sql`case when ${free} then ${workerId} else claimed_by end`,
        claimed_until: sql`case when ${free} then ${now + CLAIM_MS} else claimed_until end`,
        next_run_at: sql`case when ${free} then next_run_at else ${now} end`,
        check_reason: sql`case when ${free} then check_reason else 'ping' end`,
      })
      .where('id', '=', monitor.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return updated.claimed_by === workerId ? judge(deps, tx, updated, workerId, now) : [];
  });
  deps.events.publish(events);
}

/** Stores the verdict of the claimed monitor's state like a check result. */
function judge(
  deps: PingDeps,
  tx: Transaction<Database>,
  claimed: MonitorTable,
  workerId: string,
  now: number,
): Promise<MonitorEvent[]> {
  const verdict = evaluate(scheduleOf(claimed), heartbeatStateOf(claimed), now);
  return recordResultsIn(
    tx,
    deps.dialect,
    workerId,
    [
      {
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
      },
    ],
    0,
    deps.flapPolicy,
  );
}
