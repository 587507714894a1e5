// `npm run bench -- monitor-list`: the dashboard's first request, `GET /api/v1/monitors?include=stats`
// (first page of 50 with uptime 24 h / 30 d, average response and sparkline), for one owner of
// 8,000 monitors with 90 days of hourly and daily rollups on SQLite, served in this process.
// Prints p50/p95 over the requests, and the same for the summary tiles' `/api/v1/monitors/summary`.
// Environment: BENCH_MONITORS (8000), BENCH_DAYS (90), BENCH_REQUESTS (50); BENCH_DB_FILE keeps
// the seeded database there and reuses it next time.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeSignature } from 'better-auth/crypto';
import type { Auth } from '../src/server/auth/auth.ts';
import { ManualClock } from '../src/server/platform/clock.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import { createUser } from '../src/server/test/factories.ts';
import { buildApp, TEST_PUBLIC_URL } from '../src/server/test/test-app.ts';
import { seedMonitorHistory } from './seed-monitor-history.ts';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 8000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP = 5;
/** A fixed "now", so a kept database answers the same windows on every run. */
const NOW = Date.UTC(2026, 0, 15, 12, 30);
const OWNER_EMAIL = 'monitor-list-bench@example.test';

async function sessionCookie(auth: Auth, userId: string): Promise<string> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
  return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

function percentile(sorted: number[], q: number): number {
  return Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2));
}

export async function monitorList() {
  const kept = process.env.BENCH_DB_FILE;
  const dir = kept ? null : mkdtempSync(path.join(tmpdir(), 'upwatch-bench-'));
  const file = kept ?? path.join(dir ?? '', 'upwatch.db');
  const reuse = kept !== undefined && existsSync(kept);
  const handle = connectDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const { app, auth } = buildApp(handle, {}, { clock: new ManualClock(NOW) });
    let seedMs = 0;
    let cookie: string;
    if (reuse) {
      const owner = await handle.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', OWNER_EMAIL)
        .executeTakeFirstOrThrow();
      cookie = await sessionCookie(auth, owner.id);
    } else {
      const owner = await createUser(auth, { email: OWNER_EMAIL });
      const started = performance.now();
      await seedMonitorHistory(handle.db, handle.dialect, owner.id, {
        monitors: MONITORS,
        days: DAYS,
        now: NOW,
      });
      seedMs = performance.now() - started;
      cookie = owner.cookie;
    }
    const request = async (url: string) => {
      const begin = performance.now();
      const response = await app.request(url, { headers: { cookie, origin: TEST_PUBLIC_URL } });
      if (response.status !== 200)
        throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { monitors?: unknown[] };
      return { ms: performance.now() - begin, body };
    };
    const measure = async (url: string) => {
      for (let i = 0; i < WARM_UP; i++) await request(url);
      const durations: number[] = [];
      for (let i = 0; i < REQUESTS; i++) durations.push((await request(url)).ms);
      return durations.sort((a, b) => a - b);
    };
    const listUrl = '/api/v1/monitors?include=stats&limit=50';
    const first = await request(listUrl);
    const list = await measure(listUrl);
    const summary = await measure('/api/v1/monitors/summary');
    return {
      name: 'monitor_list_first_page_with_stats',
      dialect: handle.dialect,
      monitors: MONITORS,
      history_days: DAYS,
      page_size: first.body.monitors?.length ?? 0,
      requests: REQUESTS,
      p50_ms: percentile(list, 0.5),
      p95_ms: percentile(list, 0.95),
      max_ms: percentile(list, 1),
      summary_p50_ms: percentile(summary, 0.5),
      summary_p95_ms: percentile(summary, 0.95),
      seed_ms: Math.round(seedMs),
      reused_database: reuse,
      cpus: availableParallelism(),
      load_average_1m: Number(loadavg()[0]?.toFixed(2)),
    };
  } finally {
    await handle.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
