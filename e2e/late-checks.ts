// Checks running late, for the journeys that look at what the dashboard says then (issue 40,
// item 3). The e2e server's own worker is on time, so a second worker of its region runs in the
// test process against the same SQLite file and reports, with the real presence heartbeat, that
// its checks start 95 s late; and a monitor's checks stop by moving its next run a day away, its
// last result an hour back. Its row is seen beyond the journey's own workspace only as the banner
// on every dashboard home (the worst live worker's lag, scheduler/lag.ts); no other journey checks
// that banner, so this one may run beside them.
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';
import { systemClock } from '../src/server/platform/clock.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { createWorker } from '../src/server/platform/jobs/worker.ts';
import { createLogger } from '../src/server/platform/logger.ts';
import { presenceJob } from '../src/server/regions/presence-job.ts';
import { WorkerStats } from '../src/server/regions/worker-stats.ts';

/** Past the 30 s line (LATE_AFTER_MS) by far, so the figure reads as late on any machine. */
export const LAG_MS = 95_000;
const HOUR = 3_600_000;
/** A claimed check of a refused port ends and is stored within a few seconds. */
const STALE_WITHIN_MS = 15_000;

/** A worker that starts no checks of its own and says each started 95 s late; `stop` forgets its row. */
export function startLateChecks(): { stale(monitorId: string): Promise<void>; stop(): Promise<void> } {
  const database = connectDatabase({ dialect: 'sqlite', file: path.join(E2E_DATA_DIR, 'upwatch.db') });
  const workerId = `local/e2e-late/${process.pid}`;
  const stats = new WorkerStats();
  const late = () => stats.started(Date.now() - LAG_MS, Date.now());
  late();
  // The heartbeat reports the last minute: a late start every second keeps one in it.
  const feeding = setInterval(late, 1000);
  const worker = createWorker({
    region: 'local',
    clock: systemClock,
    logger: createLogger('warn'),
    jobs: [
      presenceJob({
        db: database.db,
        clock: systemClock,
        logger: createLogger('warn'),
        workerId,
        region: 'local',
        stats,
      }),
    ],
  });
  worker.start();
  return {
    // Only while no worker holds the monitor: a check already claimed (its slot a second or two
    // away, inside the claim's look-ahead) would store its result over these times, and the
    // monitor would read as checked again (seen in CI). Its store writes only rows it still holds.
    async stale(monitorId) {
      const deadline = Date.now() + STALE_WITHIN_MS;
      while (Date.now() < deadline) {
        const now = Date.now();
        const { numUpdatedRows } = await database.db
          .updateTable('monitors')
          .set({
            created_at: now - 2 * HOUR,
            last_checked_at: now - HOUR,
            last_status_change_at: now - HOUR,
            next_run_at: now + 24 * HOUR,
          })
          .where('id', '=', monitorId)
          .where('claimed_by', 'is', null)
          .executeTakeFirst();
        if (numUpdatedRows > 0n) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`monitor ${monitorId} was still held by a worker after ${STALE_WITHIN_MS} ms`);
    },
    async stop() {
      clearInterval(feeding);
      await worker.stop();
      await database.db.deleteFrom('workers').where('id', '=', workerId).execute();
      await database.destroy();
    },
  };
}
