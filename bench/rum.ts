// `npm run bench -- rum`: real visitors' beacons into a real `upwatch start` on SQLite, measured
// from the outside (issue 42's speed goals). A load generator in its own process (rum-load.js,
// autocannon) POSTs beacons at BENCH_RUM_RATE a second (10,000) for BENCH_SECONDS (60) over four
// sites' keys and many visitors' addresses; the server's CPU is read from /proc before and after.
// The same load then goes to a bare node:http server answering 204 (floor-server.js): the ratio is
// what Upwatch's checks and buffering cost over the least any beacon endpoint does. Then, in this
// process: bytes of one stored hour row at 10 and at 100,000 page views, and the field report's
// p75 over 90 days for a site of 200 routes (site-wide, and grouped by route). Environment:
// BENCH_RUM_RATE, BENCH_SECONDS, BENCH_CONNECTIONS (100), BENCH_RUM_STORAGE=0.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { FieldReport, RumSettings } from '../src/core/api/field.ts';
import { signUpOn } from '../src/server/test/process-api.ts';
import { freePort, startUpwatch } from '../src/server/test/upwatch-process.ts';
import { rumStorage } from './rum-storage.ts';
import { cpuMs } from './scheduler.ts';

const RATE = Number(process.env.BENCH_RUM_RATE ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SITES = 4;
/** BENCH_RUM_STORAGE=0 leaves out the storage figures (a 438,480-row seed). */
const STORAGE = process.env.BENCH_RUM_STORAGE !== '0';
const ORIGIN = 'https://shop.example.com';

interface CannonResult {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

/** Beacons from rum-load.js, its own process, at BENCH_RUM_RATE a second for `seconds`. */
export function beaconLoad(url: string, keys: string[], seconds = SECONDS): Promise<CannonResult> {
  const script = path.join(import.meta.dirname, 'rum-load.js');
  const args = [script, url, keys.join(','), ORIGIN, String(RATE), String(seconds), String(CONNECTIONS)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as CannonResult) : reject(new Error(`rum-load exited ${code}`)),
    );
  });
}

/** The load against a server: beacons a second, latency, and the server's CPU per beacon. */
async function measure(pid: number, url: string, keys: string[]) {
  const before = cpuMs(pid);
  const result = await beaconLoad(url, keys);
  const after = cpuMs(pid);
  const cpu = after.user + after.system - before.user - before.system;
  return {
    beacons_per_second: Math.round(result.requests.total / (result.duration || SECONDS)),
    answered_2xx: result['2xx'],
    refused: result.non2xx,
    errors: result.errors + result.timeouts,
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    cpu_ms_per_beacon: Number((cpu / Math.max(1, result['2xx'])).toFixed(4)),
  };
}

/** A workspace with SITES sites, RUM on for each: their keys, its cookie, their ids. */
export async function setUpRumSites(
  origin: string,
): Promise<{ keys: string[]; cookie: string; siteIds: string[] }> {
  const { cookie, api } = await signUpOn(origin, 'bench@example.com');
  const keys: string[] = [];
  const siteIds: string[] = [];
  for (let i = 0; i < SITES; i += 1) {
    const site = await api<{ id: string }>('POST', '/performance/sites', {
      name: `Shop ${i + 1}`,
      url: `${ORIGIN}/`,
    });
    siteIds.push(site.id);
    keys.push(
      (await api<RumSettings>('PUT', `/performance/sites/${site.id}/rum`, { enabled: true })).key ?? '',
    );
  }
  return { keys, cookie, siteIds };
}

async function pageViewsStored(origin: string, cookie: string, siteIds: string[]): Promise<number> {
  let total = 0;
  for (const id of siteIds) {
    const response = await fetch(`${origin}/api/v1/performance/sites/${id}/field?range=24h`, {
      headers: { cookie, origin },
    });
    total += ((await response.json()) as FieldReport).pageViews;
  }
  return total;
}

async function floorServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'floor-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  return { child, url: `http://127.0.0.1:${String(chunk).trim()}` };
}

export async function rum() {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-rum-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const upwatch = await startUpwatch(
    ['start'],
    { DATA_DIR: dir, PUBLIC_URL: origin, DEFAULT_PLAN: 'pro', TRUST_PROXY: 'true', LOG_LEVEL: 'error' },
    port,
  );
  try {
    const { keys, cookie, siteIds } = await setUpRumSites(origin);
    const ingestion = await measure(upwatch.pid, origin, keys);
    // The buffer writes once a second: every answered page view is in the figures after it.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stored = await pageViewsStored(origin, cookie, siteIds);
    const floorProcess = await floorServer();
    let floor: Awaited<ReturnType<typeof measure>>;
    try {
      floor = await measure(floorProcess.child.pid ?? 0, floorProcess.url, keys);
    } finally {
      floorProcess.child.kill();
    }
    return {
      name: 'rum',
      rate_asked: RATE,
      seconds: SECONDS,
      connections: CONNECTIONS,
      sites: SITES,
      ingestion: { ...ingestion, page_views_stored: stored },
      floor,
      cpu_ratio_to_floor: Number((ingestion.cpu_ms_per_beacon / floor.cpu_ms_per_beacon).toFixed(2)),
      ...(STORAGE ? await rumStorage() : {}),
      load_average: loadavg().map((value) => Number(value.toFixed(2))),
    };
  } finally {
    await upwatch.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
