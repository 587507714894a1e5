// `npm run bench -- regions`: three regions checking every monitor (issue 21), as a self-hoster
// runs them: three `upwatch worker --region …` processes on one PostgreSQL, each leaving from its
// own loopback address, against the bench target in its own process, which keys each arrival by
// monitor and source address. Prints, from the target's side: checks/s against expected, how far
// each (monitor, region)'s gap between two checks strays from 60 s (p50/p99/max), missed beats,
// (monitor, region) pairs never checked, double runs; per worker its CPU ms per check (/proc)
// and peak RSS; and PostgreSQL's CPU ms per check. Environment: BENCH_REGION_MONITORS (10000),
// BENCH_SECONDS (60), BENCH_WARMUP_SECONDS (70), TEST_DATABASE_URL (postgres://…/test).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { MonitorTable } from '../src/server/platform/db/schema.ts';
import { nextSlotAfter } from '../src/server/platform/jobs/slots.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';
import { createPostgresSchema, type PostgresSchema } from '../src/server/test/pg-schema.ts';
import { spawnLongRunning, type UpwatchChild } from '../src/server/test/upwatch-process.ts';

const MONITORS = Number(process.env.BENCH_REGION_MONITORS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
// One interval and 10 s, as bench/scheduler.ts: the window then sees checks of monitors already
// checked, not their first checks (a status change, its event, new rollup rows each).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 70);
const INTERVAL_MS = 60_000;
const TICK_MS = 10;
const ADDRESS = { 'eu-west': '127.0.0.2', 'us-east': '127.0.0.3', 'ap-south': '127.0.0.4' } as const;
const REGIONS = Object.keys(ADDRESS) as (keyof typeof ADDRESS)[];

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms of every PostgreSQL process on this machine, by pid (the workers' backends among them). */
function postgresCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return byPid;
}

function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

/** Monitors checked from every region, each region's first run at the monitor's phase. */
async function seed(schema: PostgresSchema, httpPort: number): Promise<string[]> {
  const { db, dialect } = schema.handle;
  const owner = await insertOwner(db, dialect);
  const start = Date.now();
  const rows: MonitorTable[] = Array.from({ length: MONITORS }, () =>
    monitorRow(owner, '', start, {
      interval_seconds: 60,
      timeout_ms: 10_000,
      regions: JSON.stringify(REGIONS),
      regional: 1,
    }),
  );
  for (const row of rows) {
    row.url = `http://127.0.0.1:${httpPort}/m/${row.id}`;
    row.next_run_at = nextSlotAfter(row.id, INTERVAL_MS, start);
  }
  await insertMonitors(db, rows);
  for (let at = 0; at < rows.length; at += 500) {
    await db
      .insertInto('monitor_regions')
      .values(
        rows.slice(at, at + 500).flatMap((row) =>
          REGIONS.map((region) => ({
            monitor_id: row.id,
            region,
            next_run_at: row.next_run_at,
            status: 'pending' as const,
          })),
        ),
      )
      .execute();
  }
  return rows.map((row) => row.id);
}

export async function regions() {
  const target = fork(path.join(import.meta.dirname, 'target-server.js'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [ports] = (await once(target, 'message')) as [{ http: number }];
  target.send({ type: 'key-by-address' });
  const schema = await createPostgresSchema('bench_regions');
  const workers = new Map<string, UpwatchChild>();
  try {
    const ids = await seed(schema, ports.http);
    for (const region of REGIONS) {
      workers.set(
        region,
        spawnLongRunning(['worker', '--region', region, '--source-address', ADDRESS[region]], {
          DATABASE_URL: schema.url,
          DATA_DIR: '/tmp/upwatch-bench-regions',
          ALLOW_PRIVATE_TARGETS: 'true',
          LOG_LEVEL: 'warn',
        }),
      );
    }
    await sleep(WARMUP_SECONDS);
    const pid = (region: string) => workers.get(region)?.child.pid as number;
    const before = Object.fromEntries(REGIONS.map((region) => [region, cpuMs(pid(region))]));
    const databaseBefore = postgresCpu();
    target.send({ type: 'measure' });
    await sleep(SECONDS);
    let databaseMs = 0;
    for (const [pid, ms] of postgresCpu()) databaseMs += ms - (databaseBefore.get(pid) ?? 0);
    const cpu = Object.fromEntries(
      REGIONS.map((region) => [region, cpuMs(pid(region)) - (before[region] ?? 0)]),
    );
    const perRegion: Record<string, unknown> = {};
    let checks = 0;
    // The first report ends the measurement; the others read the same arrivals.
    for (const region of REGIONS) {
      target.send({
        type: 'report',
        keys: ids.map((id) => `${id}@${ADDRESS[region]}`),
        intervalMs: INTERVAL_MS,
      });
      const [report] = (await once(target, 'message')) as [{ checks: number }];
      checks += report.checks;
      perRegion[region] = {
        ...report,
        cpu_ms_per_check: Number(((cpu[region] ?? 0) / Math.max(1, report.checks)).toFixed(3)),
        peak_rss_mb: peakRssMb(pid(region)),
      };
    }
    return {
      name: 'regions',
      dialect: 'postgres',
      monitors: MONITORS,
      regions: REGIONS.length,
      interval_s: INTERVAL_MS / 1000,
      expected_checks_per_second_per_region: Number((MONITORS / (INTERVAL_MS / 1000)).toFixed(1)),
      per_region: perRegion,
      // PostgreSQL's own processes on this machine, for all three workers' checks.
      database_cpu_ms_per_check: Number((databaseMs / Math.max(1, checks)).toFixed(3)),
      load_average: loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    for (const worker of workers.values()) await worker.stop('SIGTERM');
    target.send({ type: 'stop' });
    await schema.drop();
  }
}
