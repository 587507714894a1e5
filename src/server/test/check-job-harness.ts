// A check job for tests on a test app's database, and a bounded way to drive it until something
// holds. Checks run for real against targets on 127.0.0.1; only loopback can ever be reached.
import type { Clock } from '../platform/clock.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { type CheckJob, type CheckJobOptions, createCheckJob } from '../scheduler/check-job.ts';
import type { TestApp } from './test-app.ts';

/** `overrides` replace any option: another database handle, a logger to read, tighter limits. */
export function testCheckJob(
  t: TestApp,
  clock: Clock,
  region = 'local',
  overrides: Partial<CheckJobOptions> = {},
): CheckJob {
  return createCheckJob({
    db: t.database.db,
    dialect: t.database.dialect,
    clock,
    guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
    events: createLocalEventBus(),
    logger: createLogger('silent'),
    region,
    workerId: 'worker-a',
    ...overrides,
  });
}

const signal = new AbortController().signal;

/**
 * Runs the job's rounds (bounded: 600, real 10 ms apart) until `done` holds. Six seconds, because
 * a real check on a machine busy with other suites took over the two seconds this once allowed.
 */
export async function pump(worker: WorkerJob, done: () => Promise<boolean>): Promise<void> {
  for (let round = 0; round < 600; round++) {
    await worker.run(signal);
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached within 600 rounds');
}
