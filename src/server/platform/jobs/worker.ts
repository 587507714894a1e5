import type { Clock, TimerHandle } from '../clock.ts';
import { createOutageLog } from '../db/outage-log.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';

/** One kind of recurring work a worker runs (claiming due checks, retention, digests…). */
export interface WorkerJob {
  name: string;
  /** Resolves true when more work was left waiting (a full claim): the next round comes sooner. */
  run(signal: AbortSignal): Promise<boolean | undefined>;
  /** Called once on stop, after the last round: finish or hand back work in progress. */
  drain?(): Promise<void>;
}

/**
 * A job that does its work at most once per `everyMs` on the injected clock, however often the
 * worker polls (the period pass, flapping, …).
 */
export function periodicJob(
  name: string,
  clock: Clock,
  everyMs: number,
  work: () => Promise<unknown>,
): WorkerJob {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  return {
    name,
    async run() {
      if (clock.now() - lastRunAt < everyMs) return false;
      lastRunAt = clock.now();
      await work();
      return false;
    },
  };
}

/**
 * A job whose work can wait a second or more (certificates, domains, Lighthouse runs,
 * subscriber mail, escalations, reminders) polls its table at most once per `everyMs`, not on
 * every round of the worker: each poll of an empty queue is a write statement of 0.3–0.6 ms on
 * SQLite, and they were half of an idle Upwatch's SQL. While the job reports work waiting it runs
 * every round, as before.
 */
export function atMostEvery(job: WorkerJob, clock: Clock, everyMs: number): WorkerJob {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let pressing = false;
  return {
    ...job,
    async run(signal) {
      if (!pressing && clock.now() - lastRunAt < everyMs) return false;
      lastRunAt = clock.now();
      pressing = (await job.run(signal)) === true;
      return pressing;
    },
  };
}

/**
 * A long pass (retention, packing old results) that runs beside the worker's rounds, never inside
 * one, so checks keep being claimed while it works: each round asks `due()` while no pass runs.
 * Stopping the worker aborts the pass's signal, which it checks between statements or batches.
 */
export function backgroundPass(
  name: string,
  logger: Logger,
  due: () => boolean,
  pass: (signal: AbortSignal) => Promise<unknown>,
): WorkerJob {
  const stop = new AbortController();
  let running: Promise<unknown> | undefined;
  return {
    name,
    async run() {
      if (running || !due()) return false;
      running = pass(stop.signal)
        .catch((err: unknown) => {
          // The worker logs the outage itself; the pass runs again when next due.
          if (isDatabaseUnavailable(err))
            logger.warn({ job: name }, `${name} pass stopped: the database is unavailable`);
          else logger.error({ err, job: name }, `${name} pass failed`);
        })
        .finally(() => {
          running = undefined;
        });
      return false;
    },
    async drain() {
      stop.abort();
      await running;
    },
  };
}

export interface WorkerOptions {
  region: string;
  clock: Clock;
  logger: Logger;
  jobs: readonly WorkerJob[];
  pollIntervalMs?: number;
  /** The pause before the next round while a job reports work left waiting. */
  backlogDelayMs?: number;
  /**
   * While the database is away, rounds back off from the poll interval, doubling up to this:
   * low enough that checks resume within seconds of its return.
   */
  maxBackoffMs?: number;
}

export interface Worker {
  readonly region: string;
  start(): void;
  /** Stops polling and waits for the round in progress to finish. */
  stop(): Promise<void>;
}

export function createWorker({
  region,
  clock,
  logger,
  jobs,
  pollIntervalMs = 1000,
  backlogDelayMs = 10,
  maxBackoffMs = 4000,
}: WorkerOptions): Worker {
  const log = logger.child({ module: 'worker', region });
  // Every job fails each round while the database is away: one line when it goes, one when it is back.
  const outage = createOutageLog(log, {
    lost: 'database unavailable; worker jobs retry with backoff',
    restored: 'database available again; worker jobs resumed',
  });
  /** Rounds in a row in which a job found the database away. */
  let awayRounds = 0;
  const abort = new AbortController();
  let timer: TimerHandle | undefined;
  let round: Promise<unknown> = Promise.resolve();
  let lastFullRoundAt = Number.NEGATIVE_INFINITY;
  /** Jobs whose last run left work waiting: only they come back after the short backlog delay. */
  let pressing = new Set<WorkerJob>();

  /**
   * Every job once per poll interval; in between, only the jobs with work waiting. A busy job
   * must not make idle ones poll their tables a hundred times a second (bench/scheduler.ts).
   */
  async function runRound(): Promise<void> {
    const now = clock.now();
    const full = now - lastFullRoundAt >= pollIntervalMs;
    if (full) lastFullRoundAt = now;
    const due = full ? jobs : jobs.filter((job) => pressing.has(job));
    const next = new Set<WorkerJob>();
    let away = false;
    // Every job runs even when one found the database away: the check job's run is also where
    // finished checks are stored once it is back.
    for (const job of due) {
      if (abort.signal.aborted) break;
      try {
        if ((await job.run(abort.signal)) === true) next.add(job);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) log.error({ err, job: job.name }, 'worker job failed');
        else {
          away = true;
          outage.failed(err);
        }
      }
    }
    if (away) awayRounds++;
    else if (due.length > 0) {
      awayRounds = 0;
      outage.succeeded();
    }
    pressing = away ? new Set() : next;
  }

  function nextDelay(): number {
    if (awayRounds > 0) return Math.min(pollIntervalMs * 2 ** (awayRounds - 1), maxBackoffMs);
    if (pressing.size > 0) return backlogDelayMs;
    return Math.max(0, lastFullRoundAt + pollIntervalMs - clock.now());
  }

  function schedule(delayMs: number): void {
    if (abort.signal.aborted) return;
    timer = clock.setTimeout(() => {
      round = runRound().then(
        () => schedule(nextDelay()),
        () => schedule(pollIntervalMs),
      );
    }, delayMs);
  }

  return {
    region,
    start() {
      log.info({ jobs: jobs.map((job) => job.name) }, 'worker started');
      schedule(pollIntervalMs);
    },
    async stop() {
      abort.abort();
      timer?.cancel();
      await round;
      // A drain that fails (the database away at shutdown) is logged and the others still drain:
      // a stop that threw made a SIGTERM during an outage exit 1. Claims it could not give back
      // expire with their leases, for another worker to take.
      for (const job of jobs)
        await job.drain?.().catch((err: unknown) => {
          log.error(
            { err, job: job.name },
            'worker job could not drain; its claims expire with their leases',
          );
        });
      log.info('worker stopped');
    },
  };
}
