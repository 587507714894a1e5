// `npm run bench -- frontend`: the web app as a visitor's browser gets it. Builds it when its
// sources changed (as `npm start` does), starts the real binary (`upwatch start`) on a temporary
// DATA_DIR and a free port, then
// - runs Lighthouse (mobile, simulated throttling, like PageSpeed Insights) through the
//   project's own runner (src/server/checks/performance.ts) BENCH_RUNS times (3) on `/` and
//   `/pricing`: median performance score, FCP, LCP, CLS, TBT and bytes transferred;
// - signs up, opens `/dashboard` in Chromium (playwright-core) and counts the scripts, and their
//   bytes on the wire (compressed, headers excluded), downloaded until the dashboard shows.
// Environment: BENCH_RUNS (3), CHROME_PATH.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import type { PerformanceMetrics } from '../src/core/api/performance.ts';
import { DEFAULT_CHROME_PATH, performanceCheckRunner } from '../src/server/checks/performance.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { createTargetGuard } from '../src/server/platform/net/target-guard.ts';
import { freePort, startUpwatch } from '../src/server/test/upwatch-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTES = ['/', '/pricing'];
const ROOT = path.resolve(import.meta.dirname, '..');

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

function median(values: readonly (number | null | undefined)[]): number | null {
  const sorted = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function lighthouse(url: string) {
  const guard = createTargetGuard({ allowPrivateTargets: true });
  const runs: PerformanceMetrics[] = [];
  const failures: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await performanceCheckRunner.run(
      {
        url,
        device: 'mobile',
        chromePath: process.env.CHROME_PATH ?? DEFAULT_CHROME_PATH,
        extraChromeFlags: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
      },
      { signal: new AbortController().signal, clock: systemClock, guard, region: 'bench' },
    );
    if (result.metrics) runs.push(result.metrics);
    else failures.push(result.failure?.message ?? 'no metrics');
  }
  const pick = (key: keyof PerformanceMetrics) => median(runs.map((run) => run[key]));
  return {
    runs: runs.length,
    failures,
    performanceScore: pick('performanceScore'),
    scores: runs.map((run) => run.performanceScore),
    fcpMs: round(pick('fcpMs') ?? 0),
    lcpMs: round(pick('lcpMs') ?? 0),
    cls: round(pick('cls') ?? 0, 3),
    tbtMs: round(pick('tbtMs') ?? 0),
    speedIndexMs: round(pick('speedIndexMs') ?? 0),
    bytesTransferred: pick('totalBytes'),
    requests: pick('requestCount'),
  };
}

async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Scripts (count, compressed bytes) the browser fetched before the signed-in dashboard showed. */
async function dashboardScripts(url: string, cookie: string) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { cookie } });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
    });
    const started = Date.now();
    await page.goto(`${url}/dashboard`);
    // The monitor list's empty state: the dashboard's first screen has rendered.
    await page.getByRole('link', { name: 'Incidents' }).first().waitFor({ timeout: 30_000 });
    await page
      .getByText(/monitor/i)
      .first()
      .waitFor({ timeout: 30_000 });
    const renderedMs = Date.now() - started;
    const settled = await Promise.all(scripts);
    return {
      scripts: settled.length,
      scriptBytesOnWire: settled.reduce((sum, script) => sum + script.bytes, 0),
      renderedMs,
    };
  } finally {
    await browser.close();
  }
}

export async function frontend(): Promise<object> {
  // Vite's report goes to stderr: stdout carries only the JSON.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-web-if-needed.js')], {
    stdio: ['ignore', process.stderr, process.stderr],
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-frontend-'));
  const port = await freePort();
  const server = await startUpwatch(['start'], { DATA_DIR: dataDir, AUTH_ATTEMPTS_PER_MINUTE: '100' }, port);
  try {
    const pages: Record<string, object> = {};
    for (const route of ROUTES) pages[route] = await lighthouse(`${server.url}${route}`);
    const dashboard = await dashboardScripts(server.url, await signUp(server.url));
    return {
      benchmark: 'frontend',
      lighthouse: { profile: 'mobile, simulated throttling', runsPerRoute: RUNS, pages },
      dashboard,
      loadAverage1m: round(loadavg()[0] ?? 0, 1),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
