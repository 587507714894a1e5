// `npm run bench -- packed-history`: check history packed per monitor and hour (issue 17, item 9's
// stretch: ≤ 12 bytes per check). Seeds N monitors with D days of one-minute results shaped like
// a real site's (each phase's time varies check to check, a failure now and then) on SQLite,
// packs everything older than two days with the real pass, and prints the bytes per check of the
// raw rows and of the packed hours (used pages, SQLite's dbstat), the pass's speed and the longest
// the event loop was held meanwhile.
// Environment: BENCH_MONITORS (100), BENCH_DAYS (4).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { HOUR_MS, packCutoff, packOldResults } from '../src/server/history/pack-hours.ts';
import { type NewResult, storeResults } from '../src/server/history/result-store.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 4);
const MINUTE = 60_000;

/** A deterministic sequence in [0, 1), so every run seeds the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** One monitor's day of results: a site answering in 150–400 ms, down for about one check in 200. */
function day(seq: number, from: number, next: () => number): NewResult[] {
  const rows: NewResult[] = [];
  for (let minute = 0; minute < 1440; minute++) {
    const down = next() < 0.005;
    const dns = 1 + Math.floor(next() * 8);
    const connect = 15 + Math.floor(next() * 20);
    const tls = 30 + Math.floor(next() * 40);
    const ttfb = 80 + Math.floor(next() * 200);
    const download = 2 + Math.floor(next() * 15);
    rows.push({
      monitor_seq: seq,
      checked_at: from + minute * MINUTE + Math.floor(next() * 40),
      region: 'local',
      status: down ? 'down' : 'up',
      status_code: down ? 503 : 200,
      total_ms: dns + connect + tls + ttfb + download,
      dns_ms: dns,
      connect_ms: connect,
      tls_ms: tls,
      ttfb_ms: ttfb,
      download_ms: download,
      response_bytes: down ? 312 : 48_000 + Math.floor(next() * 4) * 16,
      failure_code: down ? 'status_mismatch' : null,
      failure_message: down ? 'Expected status 200-399, got 503.' : null,
      confirmation: false,
      reason: null,
      facts: null,
    });
  }
  return rows;
}

/** Used bytes of the named B-trees (tables and indexes). */
function treeBytes(file: string, names: readonly string[]): number {
  const sqlite = new Database(file, { readonly: true });
  try {
    const row = sqlite
      .prepare(
        `select coalesce(sum(pgsize - unused), 0) as bytes from dbstat where name in (${names.map(() => '?').join(',')})`,
      )
      .get(...names) as { bytes: number };
    return row.bytes;
  } finally {
    sqlite.close();
  }
}

export async function packedHistory() {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-packed-'));
  const file = path.join(dir, 'upwatch.db');
  const handle = connectDatabase({ dialect: 'sqlite', file });
  try {
    const { db } = handle;
    await migrateToLatest(db, 'sqlite');
    const now = Date.UTC(2026, 10, 20, 12);
    const owner = await insertOwner(db, 'sqlite');
    const monitors = Array.from({ length: MONITORS }, (_, i) =>
      monitorRow(owner, `https://site-${i}.example.com`, now),
    );
    await insertMonitors(db, monitors);
    const seqs = (await db.selectFrom('monitors').select('seq').orderBy('seq').execute()).map((row) =>
      Number(row.seq),
    );
    const first = Math.floor((now - DAYS * 86_400_000) / HOUR_MS) * HOUR_MS;
    for (const [index, seq] of seqs.entries()) {
      const next = random(index + 1);
      for (let d = 0; d < DAYS; d++) {
        const rows = day(seq, first + d * 86_400_000, next).filter((row) => row.checked_at < now);
        await db.transaction().execute((tx) => storeResults(tx, rows));
      }
    }
    const cutoff = packCutoff(now);
    const rawChecks = Number(
      (
        await db
          .selectFrom('check_results')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rawBytes = treeBytes(file, ['check_results']);

    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    const report = await packOldResults(db, now);
    const seconds = (performance.now() - started) / 1000;
    delay.disable();

    const packedBytes = treeBytes(file, ['check_result_hours']);
    const withIndex = treeBytes(file, ['check_result_hours', 'check_result_hours_retention_idx']);
    const leftRaw = Number(
      (
        await db
          .selectFrom('check_results')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('checked_at', '<', cutoff)
          .executeTakeFirstOrThrow()
      ).n,
    );
    return {
      name: 'packed-history',
      dialect: 'sqlite',
      monitors: MONITORS,
      days: DAYS,
      raw_checks: rawChecks,
      raw_bytes_per_check: Number((rawBytes / rawChecks).toFixed(1)),
      packed_checks: report.checks,
      packed_hours: report.hours,
      old_rows_left_raw: leftRaw,
      packed_bytes_per_check: Number((packedBytes / report.checks).toFixed(1)),
      packed_bytes_per_check_with_index: Number((withIndex / report.checks).toFixed(1)),
      pass_seconds: Number(seconds.toFixed(2)),
      checks_packed_per_second: Math.round(report.checks / seconds),
      event_loop_delay_max_ms: Number((delay.max / 1e6).toFixed(1)),
      load_average: loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
