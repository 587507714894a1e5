// `npm run bench -- hanging-targets` (issue 40, item 2): targets that accept TCP and never answer
// must not starve anyone else. Measured from outside, as bench/scheduler.ts does: the real
// `upwatch start` on SQLite, healthy monitors checking the target process (which logs each
// arrival), and a listener in this process that accepts connections and never answers.
// 1. `hanging`: N healthy monitors at 60 s plus a share of blackholed ones (30 s timeout) in
//    workspaces of the Pro plan's limit; healthy stray p99 must stay ≤ 1 s with none missed.
// 2. `one_workspace`: other workspaces' 5 s checks, alone (baseline) and beside one workspace
//    with its plan's limit of blackholed monitors (60 s timeout, all overdue at the start); the
//    others' stray p99 must not move beyond noise.
// Environment: BENCH_MONITORS (20000), BENCH_HANGING_SHARE (0.05), BENCH_SECONDS (120),
// BENCH_WARMUP_SECONDS (70), BENCH_FAIR_MONITORS (500), BENCH_FAIR_SECONDS (40),
// BENCH_FAIR_WARMUP_SECONDS (15).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PLANS } from '../src/core/plans.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import type { MonitorTable } from '../src/server/platform/db/schema.ts';
import { nextSlotAfter } from '../src/server/platform/jobs/slots.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';
import { freePort } from '../src/server/test/upwatch-process.ts';
import { cpuMs, startBenchUpwatch } from './scheduler.ts';

const HEALTHY = Number(process.env.BENCH_MONITORS ?? 20_000);
const HANGING_SHARE = Number(process.env.BENCH_HANGING_SHARE ?? 0.05);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 70);
const FAIR_MONITORS = Number(process.env.BENCH_FAIR_MONITORS ?? 500);
const FAIR_SECONDS = Number(process.env.BENCH_FAIR_SECONDS ?? 40);
const FAIR_WARMUP_SECONDS = Number(process.env.BENCH_FAIR_WARMUP_SECONDS ?? 15);
const PLAN_LIMIT = PLANS.pro.limits.monitorsMax as number;
/** Healthy monitors per workspace: many tenants, as on a shared installation. */
const HEALTHY_PER_WORKSPACE = 1_000;

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** A listener that accepts every connection and never answers, counting connections while measuring. */
async function startBlackhole() {
  const sockets = new Set<Socket>();
  const state = { accepted: 0 };
  const server = createServer((socket) => {
    state.accepted += 1;
    sockets.add(socket);
    // Reads (and drops) the request, so a connection the checker closes is seen to close.
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    state,
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

interface Group {
  workspaces: number;
  perWorkspace: number;
  intervalSeconds: number;
  timeoutMs: number;
  url: (id: string) => string;
  /** When each is first due: its phase (a running installation), or all at once. */
  firstDue: (row: MonitorTable, start: number) => number;
}

const onPhase = (row: MonitorTable, start: number) =>
  nextSlotAfter(row.id, row.interval_seconds * 1000, start);

/** Seeds the groups' workspaces and monitors; returns the ids of each group. */
async function seed(file: string, groups: Group[]): Promise<string[][]> {
  const handle = connectDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const start = Date.now();
    const ids: string[][] = [];
    for (const group of groups) {
      const rows: MonitorTable[] = [];
      for (let w = 0; w < group.workspaces; w++) {
        const owner = await insertOwner(handle.db, handle.dialect);
        for (let i = 0; i < group.perWorkspace; i++) {
          const row = monitorRow(owner, '', start, {
            interval_seconds: group.intervalSeconds,
            timeout_ms: group.timeoutMs,
          });
          row.url = group.url(row.id);
          row.next_run_at = group.firstDue(row, start);
          rows.push(row);
        }
      }
      await insertMonitors(handle.db, rows);
      ids.push(rows.map((row) => row.id));
    }
    return ids;
  } finally {
    await handle.destroy();
  }
}

/** One Upwatch run: seed, warm up, measure the first group's arrivals at the target. */
async function run(
  target: ReturnType<typeof fork>,
  groups: Group[],
  warmupSeconds: number,
  seconds: number,
  blackhole: Awaited<ReturnType<typeof startBlackhole>>,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-'));
  const file = path.join(dir, 'upwatch.db');
  const [measured = []] = await seed(file, groups);
  const upwatch = await startBenchUpwatch(dir, await freePort());
  try {
    await sleep(warmupSeconds);
    target.send({ type: 'measure' });
    blackhole.state.accepted = 0;
    const before = cpuMs(upwatch.pid);
    await sleep(seconds);
    const after = cpuMs(upwatch.pid);
    const hanging = {
      connections_per_second: Number((blackhole.state.accepted / seconds).toFixed(1)),
      open_at_end: blackhole.open(),
    };
    target.send({ type: 'report', keys: measured, intervalMs: (groups[0]?.intervalSeconds ?? 60) * 1000 });
    const [arrivals] = (await once(target, 'message')) as [Record<string, unknown>];
    const cpu = after.user + after.system - before.user - before.system;
    const checks = Number(arrivals.checks ?? 0) + blackhole.state.accepted;
    return {
      ...arrivals,
      hanging,
      cpu_ms_per_check: Number((cpu / Math.max(1, checks)).toFixed(3)),
      cpu_share_of_core: Number((cpu / (seconds * 1000)).toFixed(2)),
    };
  } finally {
    await upwatch.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function hangingTargets() {
  const target = fork(path.join(import.meta.dirname, 'target-server.js'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [ports] = (await once(target, 'message')) as [{ http: number }];
  const healthyUrl = (id: string) => `http://127.0.0.1:${ports.http}/m/${id}`;
  const blackhole = await startBlackhole();
  const holeUrl = () => blackhole.url;
  try {
    const hangingCount = Math.round(HEALTHY * HANGING_SHARE);
    const hanging = await run(
      target,
      [
        {
          workspaces: Math.ceil(HEALTHY / HEALTHY_PER_WORKSPACE),
          perWorkspace: Math.min(HEALTHY, HEALTHY_PER_WORKSPACE),
          intervalSeconds: 60,
          timeoutMs: 10_000,
          url: healthyUrl,
          firstDue: onPhase,
        },
        {
          workspaces: Math.ceil(hangingCount / PLAN_LIMIT),
          perWorkspace: Math.min(hangingCount, PLAN_LIMIT),
          intervalSeconds: 60,
          timeoutMs: 30_000,
          url: holeUrl,
          firstDue: onPhase,
        },
      ],
      WARMUP_SECONDS,
      SECONDS,
      blackhole,
    );
    const others: Group = {
      workspaces: 5,
      perWorkspace: Math.ceil(FAIR_MONITORS / 5),
      intervalSeconds: 5,
      timeoutMs: 10_000,
      url: healthyUrl,
      firstDue: onPhase,
    };
    const baseline = await run(target, [others], FAIR_WARMUP_SECONDS, FAIR_SECONDS, blackhole);
    // The plan's limit of hanging monitors in one workspace, all overdue when Upwatch starts.
    const hog: Group = {
      workspaces: 1,
      perWorkspace: PLAN_LIMIT,
      intervalSeconds: 60,
      timeoutMs: 60_000,
      url: holeUrl,
      firstDue: (_row, start) => start - 60_000,
    };
    const withHog = await run(target, [others, hog], FAIR_WARMUP_SECONDS, FAIR_SECONDS, blackhole);
    const stray = (r: Record<string, unknown>) => r.stray_ms as { p50: number; p99: number; max: number };
    return {
      name: 'hanging-targets',
      dialect: 'sqlite',
      hanging: {
        healthy_monitors: HEALTHY,
        hanging_monitors: hangingCount,
        hanging_timeout_s: 30,
        interval_s: 60,
        ...hanging,
        goal: { stray_p99_ms_max: 1000, missed_beats: 0 },
      },
      one_workspace: {
        other_monitors: others.workspaces * others.perWorkspace,
        other_interval_s: others.intervalSeconds,
        hanging_in_one_workspace: PLAN_LIMIT,
        hanging_timeout_s: 60,
        baseline,
        with_hanging_workspace: withHog,
        stray_p99_added_ms: Number((stray(withHog).p99 - stray(baseline).p99).toFixed(1)),
      },
      load_average: loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    await blackhole.close();
    target.send({ type: 'stop' });
  }
}
