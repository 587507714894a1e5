// A worker's presence (issue 21): every few seconds it refreshes its row with its last minute's
// figures, and releases the claims of any worker that missed three heartbeats, so a worker killed
// outright costs its monitors about fifteen seconds instead of their whole lease. Monitors it
// held are due already, so the release is one search of the due index, and it happens once per
// dead worker, not per poll.
import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { periodicJob, type WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { extendDefaultMonitors, onlineRegions } from './assignment.ts';
import type { RegionView } from './region-view.ts';
import type { WorkerStats } from './worker-stats.ts';

export const HEARTBEAT_MS = 5_000;
/** Three heartbeats missed. */
export const DEAD_AFTER_MS = 3 * HEARTBEAT_MS;
/** Rows of workers gone this long are forgotten. */
const FORGET_AFTER_MS = 7 * 86_400_000;

export interface PresenceOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  workerId: string;
  region: string;
  stats: WorkerStats;
  /** Given what each heartbeat saw, for the check job beside it. */
  view?: RegionView;
}

/** Releases the claims of workers that went quiet; returns their ids. */
export async function releaseDeadWorkers(db: Kysely<Database>, now: number): Promise<string[]> {
  const dead = await db
    .selectFrom('workers')
    .select('id')
    .where('stopped_at', 'is', null)
    .where('last_seen_at', '<', now - DEAD_AFTER_MS)
    .execute();
  for (const { id } of dead) {
    await db.transaction().execute(async (tx) => {
      const marked = await tx
        .updateTable('workers')
        .set({ stopped_at: now })
        .where('id', '=', id)
        .where('stopped_at', 'is', null)
        .executeTakeFirst();
      // Another worker got there first.
      if (Number(marked.numUpdatedRows) === 0) return;
      await tx
        .updateTable('monitors')
        .set({ claimed_until: null, claimed_by: null })
        // Found through the lease index: only claimed monitors are in it.
        .where('claimed_until', 'is not', null)
        .where('paused', '=', 0)
        .where('next_run_at', '<=', now)
        .where('claimed_by', '=', id)
        .execute();
      await tx
        .updateTable('monitor_regions')
        .set({ claimed_until: null, claimed_by: null })
        .where('claimed_until', 'is not', null)
        .where('claimed_by', '=', id)
        .execute();
    });
  }
  return dead.map((row) => row.id);
}

/** Whether any monitor is checked from `region`: a free run through the due index, or a claimed one through the lease index. */
async function hasRuns(db: Kysely<Database>, region: string): Promise<boolean> {
  // Each partial index answers for only one side of claimed_until, so one read per side.
  const anyRun = (claimed: 'is' | 'is not') =>
    db
      .selectFrom('monitor_regions')
      .select('monitor_id')
      .where('claimed_until', claimed, null)
      .where('region', '=', region)
      .limit(1)
      .executeTakeFirst();
  return (await anyRun('is')) !== undefined || (await anyRun('is not')) !== undefined;
}

export function presenceJob({
  db,
  clock,
  logger,
  workerId,
  region,
  stats,
  view,
}: PresenceOptions): WorkerJob {
  const log = logger.child({ module: 'presence', region });
  const startedAt = clock.now();
  const host = hostname();
  /** The live regions this worker last saw, joined: a change may bring monitors a new region. */
  let knownRegions = '';

  async function beat(): Promise<void> {
    const now = clock.now();
    const { checksPerMinute, lagP99Ms } = stats.figures(now);
    const figures = {
      last_seen_at: now,
      stopped_at: null,
      checks_per_minute: checksPerMinute,
      lag_p99_ms: lagP99Ms,
    };
    await db
      .insertInto('workers')
      .values({ id: workerId, region, host, pid: process.pid, started_at: startedAt, ...figures })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(figures))
      .execute();
    const released = await releaseDeadWorkers(db, now);
    if (released.length > 0)
      log.warn({ workers: released }, 'released the claims of workers that stopped answering');
    const online = await onlineRegions(db, now);
    if (online.join(',') !== knownRegions) {
      await extendDefaultMonitors(db, online);
      knownRegions = online.join(',');
      if (online.length > 1) log.info({ regions: online }, 'live regions changed');
    }
    view?.saw(await hasRuns(db, region));
    await db
      .deleteFrom('workers')
      .where('last_seen_at', '<', sql<number>`cast(${now - FORGET_AFTER_MS} as bigint)`)
      .execute();
  }

  const periodic = periodicJob('presence', clock, HEARTBEAT_MS, beat);
  return {
    ...periodic,
    async drain() {
      await db.updateTable('workers').set({ stopped_at: clock.now() }).where('id', '=', workerId).execute();
    },
  };
}
