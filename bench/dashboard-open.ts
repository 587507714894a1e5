// `npm run bench -- dashboard-open`: sign-in → monitor list visible, as a person does it, in a real
// Chromium against the real `upwatch start`, for one owner of 8,000 monitors with 90 days of
// rollups (bench/seed-monitor-history.ts). Each run is a new browser context (nothing cached):
// open /signin, type the credentials, press Sign in; the clock starts when the sign-in request's
// answer arrives and stops when the first monitor row shows. Prints p50/p95 of that and of the
// whole click → list, plus the requests the dashboard made between the two.
// Environment: BENCH_MONITORS (8000), BENCH_DAYS (90), BENCH_RUNS (20), CHROME_PATH.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { ManualClock } from '../src/server/platform/clock.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import { createUser } from '../src/server/test/factories.ts';
import { buildApp } from '../src/server/test/test-app.ts';
import { freePort, startUpwatch } from '../src/server/test/upwatch-process.ts';
import { seedMonitorHistory } from './seed-monitor-history.ts';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 8000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ROOT = path.resolve(import.meta.dirname, '..');
const EMAIL = 'dashboard-open-bench@example.test';
const PASSWORD = 'dashboard bench 42';

/** The owner, with a real password hash, and the monitors' history; no monitor is due during the bench. */
async function seed(file: string): Promise<number> {
  const handle = connectDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const now = Date.now();
    const { auth } = buildApp(handle, {}, { clock: new ManualClock(now) });
    const owner = await createUser(auth, { email: EMAIL, name: 'Bench Owner' });
    const ctx = await auth.$context;
    await ctx.internalAdapter.linkAccount({
      userId: owner.id,
      providerId: 'credential',
      accountId: owner.id,
      password: await ctx.password.hash(PASSWORD),
    });
    const started = performance.now();
    await seedMonitorHistory(handle.db, handle.dialect, owner.id, { monitors: MONITORS, days: DAYS, now });
    // Checks of 8,000 unreachable hosts would measure the scheduler, not the dashboard.
    await handle.db
      .updateTable('monitors')
      .set({ next_run_at: now + 7 * 86_400_000 })
      .execute();
    return Math.round(performance.now() - started);
  } finally {
    await handle.destroy();
  }
}

/**
 * Notes in the page, with the page's own clock, when the first row shows: Playwright's waitFor
 * polls at growing intervals (0, 20, 100, 100, 500 ms), which would add up to its interval to
 * every figure.
 */
function watchForFirstRow(name: string) {
  const seen = window as unknown as { listShownAt?: number };
  const observer = new MutationObserver(() => {
    for (const link of document.querySelectorAll('a')) {
      // The row's link is named by its aria-label (its text holds the status and figures too).
      if (link.getAttribute('aria-label') === name) {
        seen.listShownAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** When the row showed, the sign-in answer ended and the first page of monitors arrived, on the page's clock. */
function pageTimes() {
  // No named functions inside: the bench's compiler would wrap them in a helper the page lacks.
  const times = { shownAt: Number.NaN, answeredAt: Number.NaN, listAt: Number.NaN };
  times.shownAt = (window as unknown as { listShownAt?: number }).listShownAt ?? Number.NaN;
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const { pathname } = new URL(entry.name);
    if (pathname === '/api/auth/sign-in/email') times.answeredAt = entry.responseEnd;
    if (pathname === '/api/v1/monitors' && Number.isNaN(times.listAt)) times.listAt = entry.responseEnd;
  }
  return times;
}

async function signInOnce(page: Page, url: string) {
  await page.addInitScript(watchForFirstRow, 'Service 1');
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  const after: { path: string; startedMs: number; doneMs: number }[] = [];
  let answeredAt = 0;
  const started = new Map<object, number>();
  page.on('request', (request) => {
    if (answeredAt > 0) started.set(request, performance.now() - answeredAt);
  });
  page.on('requestfinished', (request) => {
    const startedMs = started.get(request);
    if (startedMs === undefined) return;
    const path = new URL(request.url()).pathname;
    after.push({
      path,
      startedMs: Math.round(startedMs),
      doneMs: Math.round(performance.now() - answeredAt),
    });
  });
  const answered = page
    .waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/email'))
    .then(() => {
      answeredAt = performance.now();
    });
  const clickedAt = performance.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await answered;
  await page.getByRole('link', { name: 'Service 1', exact: true }).waitFor({ timeout: 30_000 });
  const shownAt = performance.now();
  const times = await page.evaluate(pageTimes);
  return {
    afterSignInMs: times.shownAt - times.answeredAt,
    listArrivedMs: times.listAt - times.answeredAt,
    fromClickMs: shownAt - clickedAt,
    requests: after.filter((request) => request.startedMs <= shownAt - answeredAt),
  };
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

export async function dashboardOpen(): Promise<object> {
  // Vite's report goes to stderr: stdout carries only the JSON.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-web-if-needed.js')], {
    stdio: ['ignore', process.stderr, process.stderr],
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-dashboard-'));
  const seedMs = await seed(path.join(dataDir, 'upwatch.db'));
  const server = await startUpwatch(
    ['start'],
    { DATA_DIR: dataDir, AUTH_ATTEMPTS_PER_MINUTE: '1000', LOG_LEVEL: 'warn' },
    await freePort(),
  );
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const runs = [];
    // One unmeasured run warms the server's caches and SQLite's pages, as a live server has them.
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.newContext();
      try {
        const run = await signInOnce(await context.newPage(), server.url);
        if (i > 0) runs.push(run);
      } finally {
        await context.close();
      }
    }
    return {
      benchmark: 'dashboard-open',
      monitors: MONITORS,
      history_days: DAYS,
      runs: RUNS,
      after_sign_in_ms: percentiles(runs.map((run) => run.afterSignInMs)),
      // Of that, until the first page of monitors had arrived; the rest is the browser's.
      list_arrived_ms: percentiles(runs.map((run) => run.listArrivedMs)),
      click_to_list_ms: percentiles(runs.map((run) => run.fromClickMs)),
      // The last run's requests until the list showed: start and finish, ms after the sign-in answer.
      requests_before_list: runs.at(-1)?.requests ?? [],
      seed_ms: seedMs,
      load_average: loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
