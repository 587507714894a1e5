// A heartbeat ping: found by its token, counted against the per-monitor limit, logged, stored as
// the monitor's state, and judged through the same path as a check result (record-results: status
// change, incident, alerts in one transaction). To judge, the request claims the monitor row like
// a worker would, under its own worker id; if a worker holds the claim just then, the row is made
// due at once instead (check_reason 'ping' keeps it due past that worker's write) and the worker
// judges the same stored state moments later.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { evaluate } from '../../core/heartbeat-schedule.ts';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/connect.ts';
import type { HeartbeatPingTable } from '../db/heartbeat-schema.ts';
import type { Database, MonitorTable } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { ApiError } from '../http/errors.ts';
import type { FlapPolicy } from '../incidents/lifecycle.ts';
import { heartbeatStateOf, scheduleOf } from '../monitors/kinds/heartbeat.ts';
import { recordResults } from '../scheduler/record-results.ts';
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
  const { db, clock } = deps;
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
  // The state, and the claim to judge it, in the ping's own transaction: one commit fewer a ping.
  const claimed = await logPing(deps, monitor, ping, now, async (tx) => {
    if (monitor.paused === 1) return null;
    const columns = stateColumns(monitor, ping, now);
    const updated = await tx
      .updateTable('monitors')
      .set(columns)
      .where('id', '=', monitor.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (ping.kind === 'start') {
      // An open run must finish within the grace time: bring the deadline forward if it is later.
      const deadline = now + scheduleOf(updated).graceSeconds * 1000;
      await tx
        .updateTable('monitors')
        .set({ next_run_at: deadline })
        .where('id', '=', monitor.id)
        .where('next_run_at', '>', deadline)
        .execute();
      return null;
    }
    const mine = await tx
      .updateTable('monitors')
      .set({ claimed_by: workerId, claimed_until: now + CLAIM_MS })
      .where('id', '=', monitor.id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .returningAll()
      .executeTakeFirst();
    if (mine) return mine;
    // A check job is judging it right now: it judges again at once, with this ping in its state.
    await tx
      .updateTable('monitors')
      .set({ next_run_at: now, check_reason: 'ping' })
      .where('id', '=', monitor.id)
      .execute();
    return null;
  });
  if (claimed) await judge(deps, claimed, workerId, now);
}

/** Stores the verdict of the claimed monitor's state like a check result. */
async function judge(deps: PingDeps, claimed: MonitorTable, workerId: string, now: number): Promise<void> {
  const { db, dialect } = deps;
  const verdict = evaluate(scheduleOf(claimed), heartbeatStateOf(claimed), now);
  const events = await recordResults(
    db,
    dialect,
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
  deps.events.publish(events);
}
