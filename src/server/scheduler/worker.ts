import type { Clock, TimerHandle } from '../clock.ts';
import type { Logger } from '../logger.ts';

/** One kind of recurring work a worker runs (claiming due checks, retention, digests…). */
export interface WorkerJob {
  name: string;
  run(signal: AbortSignal): Promise<void>;
  /** Called once on stop, after the last round: finish or hand back work in progress. */
  drain?(): Promise<void>;
}

export interface WorkerOptions {
  region: string;
  clock: Clock;
  logger: Logger;
  jobs: readonly WorkerJob[];
  pollIntervalMs?: number;
}

export interface Worker {
  readonly region: string;
  start(): void;
  /** Stops polling and waits for the round in progress to finish. */
  stop(): Promise<void>;
}

export function createWorker({ region, clock, logger, jobs, pollIntervalMs = 1000 }: WorkerOptions): Worker {
  const log = logger.child({ module: 'worker', region });
  const abort = new AbortController();
  let timer: TimerHandle | undefined;
  let round: Promise<void> = Promise.resolve();

  async function runRound(): Promise<void> {
    for (const job of jobs) {
      if (abort.signal.aborted) return;
      try {
        await job.run(abort.signal);
      } catch (err) {
        log.error({ err, job: job.name }, 'worker job failed');
      }
    }
  }

  function schedule(): void {
    if (abort.signal.aborted) return;
    timer = clock.setTimeout(() => {
      round = runRound().finally(schedule);
    }, pollIntervalMs);
  }

  return {
    region,
    start() {
      log.info({ jobs: jobs.map((job) => job.name) }, 'worker started');
      schedule();
    },
    async stop() {
      abort.abort();
      timer?.cancel();
      await round;
      for (const job of jobs) await job.drain?.();
      log.info('worker stopped');
    },
  };
}
