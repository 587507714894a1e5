// `npm run bench -- retention`: prunes N expired check results of one Free owner (100 monitors)
// on SQLite and on PostgreSQL through the retention pass, after checking the disk can hold
// them. Prints rows/s and the longest single transaction (target ≤ 200 ms) per dialect.
// Environment: BENCH_ROWS (10000000), BENCH_DIALECTS (sqlite,postgres),
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
import { mkdtempSync, rmSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { PLANS } from '../src/core/plans.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { connectDatabase, type DatabaseHandle } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import { createLogger } from '../src/server/platform/logger.ts';
import { createRetention } from '../src/server/retention/job.ts';
import { DAY_MS } from '../src/server/retention/kinds.ts';
import { generateCheckResults } from '../src/server/retention/test/bulk.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MONITORS = 100;
/** Bytes a stored check row takes with its key, doubled for the WAL and the deletion's churn. */
const BYTES_PER_ROW = { sqlite: 2 * 160, postgres: 2 * 260 } as const;

type Dialect = keyof typeof BYTES_PER_ROW;

class NotEnoughDisk extends Error {}

async function requireDisk(dialect: Dialect, dir: string) {
  const stats = await statfs(dir);
  const free = stats.bavail * stats.bsize;
  const needed = ROWS * BYTES_PER_ROW[dialect];
  if (free < needed) {
    const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
    throw new NotEnoughDisk(
      `retention bench (${dialect}): ${ROWS} rows need about ${gib(needed)} free in ${dir}, only ${gib(free)} is free. Set BENCH_ROWS lower.`,
    );
  }
  return { freeBytes: free, neededBytes: needed };
}

async function open(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; dir: string; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-retention-'));
    const handle = connectDatabase({ dialect: 'sqlite', file: path.join(dir, 'upwatch.db') });
    return {
      handle,
      dir,
      async close() {
        await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_retention_${Date.now()}`;
  const admin = connectDatabase({ dialect: 'postgres', url: PG_URL }, { poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const { rows } = await sql<{ setting: string }>`
    select setting from pg_settings where name = 'data_directory'`.execute(admin.db);
  const handle = connectDatabase({ dialect: 'postgres', url: PG_URL }, { searchPath: schema, poolSize: 4 });
  return {
    handle,
    // The server's data directory when it is on this machine and readable, else the root.
    dir: await statfs(rows[0]?.setting ?? '/').then(
      () => rows[0]?.setting ?? '/',
      () => '/',
    ),
    async close() {
      await handle.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.destroy();
    },
  };
}

async function benchDialect(dialect: Dialect) {
  const { handle, dir, close } = await open(dialect);
  try {
    const disk = await requireDisk(dialect, dir);
    await migrateToLatest(handle.db, handle.dialect);
    const now = Date.now();
    const owner = await insertOwner(handle.db, handle.dialect);
    const monitors = Array.from({ length: MONITORS }, () => monitorRow(owner, 'https://example.com', now));
    await insertMonitors(handle.db, monitors);
    const generateStart = performance.now();
    await generateCheckResults(
      handle.db,
      dialect,
      monitors.map((m) => m.id),
      ROWS,
      now - 400 * DAY_MS,
    );
    const generateMs = performance.now() - generateStart;

    const batches: number[] = [];
    const retention = createRetention({
      db: handle.db,
      dialect: handle.dialect,
      clock: systemClock,
      logger: createLogger('silent'),
      plans: { allowanceFor: async () => ({ plan: PLANS.free, minIntervalMinutes: 15 }) },
      limits: { maxBatches: Math.ceil(ROWS / 5_000) + 100, maxMs: 6 * 3_600_000 },
      onBatch: (batch) => {
        if (batch.rows > 0) batches.push(batch.ms);
      },
    });
    const pruneStart = performance.now();
    const report = await retention.run();
    const pruneMs = performance.now() - pruneStart;
    const sorted = [...batches].sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return {
      dialect,
      rows: ROWS,
      deleted: report?.deleted.checks ?? 0,
      complete: report?.complete ?? false,
      generateSeconds: Math.round(generateMs / 100) / 10,
      pruneSeconds: Math.round(pruneMs / 100) / 10,
      rowsPerSecond: Math.round(((report?.deleted.checks ?? 0) / pruneMs) * 1000),
      deletingTransactions: batches.length,
      longestTransactionMs: Math.round(sorted.at(-1) ?? 0),
      p50TransactionMs: at(0.5),
      p99TransactionMs: at(0.99),
      targetLongestMs: 200,
      loadAverage1m: Math.round(loadavg()[0] ?? 0),
      cpus: cpus().length,
      diskCheckedAt: dir,
      freeGiB: Math.round(disk.freeBytes / 2 ** 30),
      neededGiB: Math.round((disk.neededBytes / 2 ** 30) * 10) / 10,
    };
  } finally {
    await close();
  }
}

export async function retention() {
  const results = [];
  for (const dialect of DIALECTS) {
    if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`BENCH_DIALECTS: unknown ${dialect}`);
    try {
      results.push(await benchDialect(dialect));
    } catch (err) {
      if (!(err instanceof NotEnoughDisk)) throw err;
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
  }
  return { benchmark: 'retention', results };
}
