import { expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger.ts';
import { ManualClock } from '../clock.ts';
import { createLogger } from '../logger.ts';
import { atMostEvery, createWorker, type WorkerJob } from './worker.ts';

const flush = () => new Promise((resolve) => setImmediate(resolve));

it('runs its jobs every poll interval on the injected clock and stops cleanly', async () => {
  const clock = new ManualClock();
  const runs: number[] = [];
  const job: WorkerJob = { name: 'probe', run: async () => void runs.push(clock.now()) };
  const worker = createWorker({
    region: 'eu',
    clock,
    logger: createLogger('silent'),
    jobs: [job],
    pollIntervalMs: 1000,
  });
  worker.start();
  for (let i = 0; i < 3; i++) {
    clock.advance(1000);
    await flush();
  }
  expect(runs).toEqual([1000, 2000, 3000]);
  await worker.stop();
  clock.advance(5000);
  await flush();
  expect(runs).toHaveLength(3);
  expect(clock.pendingTimers).toBe(0);
});

it('keeps polling after a job throws', async () => {
  const clock = new ManualClock();
  let calls = 0;
  const failing: WorkerJob = {
    name: 'flaky',
    run: async () => {
      calls++;
      throw new Error('boom');
    },
  };
  const worker = createWorker({
    region: 'local',
    clock,
    logger: createLogger('silent'),
    jobs: [failing],
    pollIntervalMs: 10,
  });
  worker.start();
  for (let i = 0; i < 2; i++) {
    clock.advance(10);
    await flush();
  }
  expect(calls).toBe(2);
  await worker.stop();
});

it('comes back after the short backlog delay while a job reports work left waiting', async () => {
  const clock = new ManualClock();
  const runs: number[] = [];
  let backlogRounds = 2;
  const job: WorkerJob = {
    name: 'busy',
    run: async () => {
      runs.push(clock.now());
      return backlogRounds-- > 0;
    },
  };
  const worker = createWorker({
    region: 'local',
    clock,
    logger: createLogger('silent'),
    jobs: [job],
    pollIntervalMs: 250,
    backlogDelayMs: 10,
  });
  worker.start();
  for (const step of [250, 10, 10, 250]) {
    clock.advance(step);
    await flush();
  }
  // Backlog rounds in between do not move the every-250 ms rounds.
  expect(runs).toEqual([250, 260, 270, 500]);
  await worker.stop();
});

it('brings back only the job with work waiting; the others keep to the poll interval', async () => {
  const clock = new ManualClock();
  const busyRuns: number[] = [];
  const idleRuns: number[] = [];
  const worker = createWorker({
    region: 'local',
    clock,
    logger: createLogger('silent'),
    jobs: [
      { name: 'idle', run: async () => void idleRuns.push(clock.now()) },
      {
        name: 'busy',
        run: async () => {
          busyRuns.push(clock.now());
          return true;
        },
      },
    ],
    pollIntervalMs: 250,
    backlogDelayMs: 50,
  });
  worker.start();
  for (let step = 0; step < 11; step++) {
    clock.advance(50);
    await flush();
  }
  expect(busyRuns).toEqual([250, 300, 350, 400, 450, 500, 550]);
  expect(idleRuns).toEqual([250, 500]);
  await worker.stop();
});

it('polls a slow job at most once per its own period, and every round while it reports work waiting', async () => {
  const clock = new ManualClock();
  const runs: number[] = [];
  let waiting = 0;
  const job = atMostEvery(
    {
      name: 'certificates',
      run: async () => {
        runs.push(clock.now());
        if (waiting > 0) waiting--;
        return waiting > 0;
      },
      drain: async () => void runs.push(-1),
    },
    clock,
    2000,
  );
  const signal = new AbortController().signal;
  /** The worker's rounds, every 250 ms, up to `end`. */
  async function roundsUntil(end: number) {
    while (clock.now() < end) {
      clock.advance(250);
      await job.run(signal);
    }
  }
  const start = clock.now();
  await job.run(signal);
  await roundsUntil(start + 4500);
  expect(runs.map((at) => at - start)).toEqual([0, 2000, 4000]);

  // Work waiting at the next period: every round until it is done, then the period again.
  waiting = 3;
  await roundsUntil(start + 9000);
  expect(runs.slice(3).map((at) => at - start)).toEqual([6000, 6250, 6500, 8500]);
  await job.drain?.();
  expect(runs.at(-1)).toBe(-1);
  expect(job.name).toBe('certificates');
});

it('while the database is away: rounds back off up to the cap, the outage is logged once, and the poll interval returns with it', async () => {
  const clock = new ManualClock();
  const { logger, messages } = capturedLogger();
  let away = true;
  const rounds: number[] = [];
  const job: WorkerJob = {
    name: 'claims',
    run: async () => {
      rounds.push(clock.now());
      if (away)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return false;
    },
  };
  const worker = createWorker({
    region: 'local',
    clock,
    logger,
    jobs: [job],
    pollIntervalMs: 1000,
    maxBackoffMs: 4000,
  });
  worker.start();
  const until = async (ms: number) => {
    while (clock.now() < ms) {
      clock.advance(250);
      await flush();
    }
  };
  await until(16_000);
  expect(rounds).toEqual([1000, 2000, 4000, 8000, 12_000, 16_000]);
  away = false;
  await until(23_000);
  expect(rounds.slice(6)).toEqual([20_000, 21_000, 22_000, 23_000]);
  expect(messages().filter((msg) => msg !== 'worker started')).toEqual([
    'database unavailable; worker jobs retry with backoff',
    'database available again; worker jobs resumed',
  ]);
  await worker.stop();
});

it('stops cleanly when a job cannot drain (the database away at shutdown): the error is logged and the other jobs still drain', async () => {
  const clock = new ManualClock();
  const { logger, lines } = capturedLogger();
  const drained: string[] = [];
  const away: WorkerJob = {
    name: 'checks',
    run: async () => false,
    drain: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    },
  };
  const other: WorkerJob = {
    name: 'certificates',
    run: async () => false,
    drain: async () => void drained.push('certificates'),
  };
  const worker = createWorker({ region: 'local', clock, logger, jobs: [away, other], pollIntervalMs: 1000 });
  worker.start();
  await expect(worker.stop()).resolves.toBeUndefined();
  expect(drained).toEqual(['certificates']);
  expect(lines.find((line) => line.job === 'checks')?.msg).toBe(
    'worker job could not drain; its claims expire with their leases',
  );
  expect(lines.at(-1)?.msg).toBe('worker stopped');
});
