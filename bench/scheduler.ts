// `npm run bench -- scheduler`: N monitors at a 60 s interval on SQLite, checked against a
// local target in another process, for a bounded time. Prints checks/s, schedule lag
// percentiles, CPU per check (this process only), peak RSS and database bytes per million
// results. Environment: BENCH_MONITORS (20000), BENCH_SECONDS (90), BENCH_WARMUP_SECONDS (15).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { systemClock } from '../src/server/clock.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { createLocalEventBus } from '../src/server/events/bus.ts';
import { createLogger } from '../src/server/logger.ts';
import { createTargetGuard } from '../src/server/net/target-guard.ts';
import { createCheckJob } from '../src/server/scheduler/check-job.ts';
import { nextSlotAfter } from '../src/server/scheduler/slots.ts';
import { createWorker } from '../src/server/scheduler/worker.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 90);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
const INTERVAL_MS = 60_000;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

async function databaseBytes(db: Kysely<Database>) {
  const { rows } = await sql<{
    bytes: number;
  }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

export async function scheduler() {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-'));
  const target = fork(path.join(import.meta.dirname, 'target-server.js'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [{ port }] = (await once(target, 'message')) as [{ port: number }];
  const handle = connectDatabase({ dialect: 'sqlite', file: path.join(dir, 'upwatch.db') });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const owner = await insertOwner(handle.db, handle.dialect);
    const start = Date.now();
    const rows = Array.from({ length: MONITORS }, () =>
      monitorRow(owner, '', start, { interval_seconds: 60, timeout_ms: 10_000 }),
    );
    for (const row of rows) {
      row.url = `http://127.0.0.1:${port}/m/${row.id}`;
      row.next_run_at = nextSlotAfter(row.id, INTERVAL_MS, start);
    }
    await insertMonitors(handle.db, rows);

    const lags: number[] = [];
    let measuring = false;
    const job = createCheckJob({
      db: handle.db,
      dialect: handle.dialect,
      clock: systemClock,
      guard: createTargetGuard({ allowPrivateTargets: true }),
      events: createLocalEventBus(),
      logger: createLogger('warn'),
      region: 'bench',
      workerId: 'bench-worker',
      observer: {
        started(dueAt, startedAt) {
          if (measuring) lags.push(startedAt - dueAt);
        },
      },
    });
    const worker = createWorker({
      region: 'bench',
      clock: systemClock,
      logger: createLogger('warn'),
      jobs: [job],
      pollIntervalMs: 250,
    });
    worker.start();

    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const countResults = async () =>
      Number(
        (
          await handle.db
            .selectFrom('check_results')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const resultsBefore = await countResults();
    const bytesBefore = await databaseBytes(handle.db);
    const cpuBefore = process.cpuUsage();
    const startedAt = Date.now();
    let peakRss = process.memoryUsage().rss;
    measuring = true;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 250);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    measuring = false;
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpuBefore);
    const elapsedMs = Date.now() - startedAt;
    await worker.stop();
    const resultsAfter = await countResults();
    const bytesAfter = await databaseBytes(handle.db);
    const checks = resultsAfter - resultsBefore;

    target.send('stats');
    const [arrivals] = (await once(target, 'message')) as [
      { paths: number; total: number; maxPerPath: number },
    ];
    lags.sort((a, b) => a - b);
    return {
      name: 'scheduler',
      dialect: 'sqlite',
      monitors: MONITORS,
      interval_s: INTERVAL_MS / 1000,
      measured_s: Math.round(elapsedMs / 1000),
      checks_measured: checks,
      checks_per_second: Number(((checks * 1000) / elapsedMs).toFixed(1)),
      expected_checks_per_second: Number((MONITORS / (INTERVAL_MS / 1000)).toFixed(1)),
      lag_ms: {
        p50: percentile(lags, 0.5),
        p95: percentile(lags, 0.95),
        p99: percentile(lags, 0.99),
        max: lags.at(-1) ?? 0,
      },
      cpu_ms_per_check: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, checks)).toFixed(3)),
      peak_rss_mb: Math.round(peakRss / 1024 / 1024),
      db_bytes_per_million_results: Math.round(
        ((bytesAfter - bytesBefore) / Math.max(1, checks)) * 1_000_000,
      ),
      target: arrivals,
    };
  } finally {
    target.send('stop');
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
