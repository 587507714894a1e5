// Check workers of other regions beside the e2e server's own (region `local`). `upwatch worker
// --region` needs PostgreSQL, and the e2e server is a plain `upwatch start` on SQLite, so the
// journey runs the server's own worker parts (presence heartbeat, region claims, quorum
// recording) in the test process against the same SQLite file: real checks, each region's
// connections leaving from its own loopback address so a target can answer regions differently.
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';
import { systemClock } from '../src/server/platform/clock.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { createLocalEventBus } from '../src/server/platform/events/bus.ts';
import { createWorker } from '../src/server/platform/jobs/worker.ts';
import { createLogger } from '../src/server/platform/logger.ts';
import { createTargetGuard } from '../src/server/platform/net/target-guard.ts';
import { presenceJob } from '../src/server/regions/presence-job.ts';
import { WorkerStats } from '../src/server/regions/worker-stats.ts';
import { createCheckJob } from '../src/server/scheduler/check-job.ts';

export interface RegionalWorker {
  region: string;
  /** The loopback address its checks leave from, e.g. 127.0.0.2. */
  sourceAddress: string;
}

/** Starts one worker per region; `stop` drains them and forgets their rows, so later journeys see one region. */
export function startRegionalWorkers(regions: readonly RegionalWorker[]): { stop(): Promise<void> } {
  const database = connectDatabase({ dialect: 'sqlite', file: path.join(E2E_DATA_DIR, 'upwatch.db') });
  const logger = createLogger('warn');
  const workerIds = regions.map(({ region }) => `${region}/e2e/${process.pid}`);
  const workers = regions.map(({ region, sourceAddress }, index) => {
    const workerId = workerIds[index] as string;
    const stats = new WorkerStats();
    const common = { db: database.db, clock: systemClock, logger, workerId, region };
    return createWorker({
      region,
      clock: systemClock,
      logger,
      jobs: [
        presenceJob({ ...common, stats }),
        createCheckJob({
          ...common,
          dialect: database.dialect,
          guard: createTargetGuard({ allowPrivateTargets: true, localAddress: sourceAddress }),
          events: createLocalEventBus(),
          // As the e2e server's CONFIRMATION_DELAY_SECONDS.
          confirmDelayMs: 1000,
          observer: { started: (dueAt, startedAt) => stats.started(dueAt, startedAt) },
        }),
      ],
    });
  });
  for (const worker of workers) worker.start();
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await database.db.deleteFrom('workers').where('id', 'in', workerIds).execute();
      await database.destroy();
    },
  };
}
