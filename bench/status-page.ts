// `npm run bench -- status-page`: a published status page of 20 monitors with a year of
// history (rollups of 5-minute checks, the last day also as raw results, a few incidents),
// served in this process on 127.0.0.1 and loaded by autocannon in its own process at 50
// connections, as browsers ask (Accept-Encoding: gzip). Prints requests/s, p50/p99 latency and
// the HTML's size raw and as sent, then the same load on the page's verified custom domain (the
// request's Host header names it). Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (50).
// `status-page-de` serves the page in German; `status-page-auto` lets each request's
// Accept-Language (German here, as a browser sends it) choose.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { StatusPageLanguageSetting } from '../src/core/api/status-pages.ts';
import { DAY_MS, type RollupInput, recordRollups } from '../src/server/history/rollups.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import type { Database } from '../src/server/platform/db/schema.ts';
import { listen } from '../src/server/test/listen.ts';
import { insertMonitors, insertOwner, monitorRow } from '../src/server/test/monitor-rows.ts';
import { insertResults, type ResultInput } from '../src/server/test/result-rows.ts';
import { buildApp } from '../src/server/test/test-app.ts';

const MONITORS = 20;
const DAYS = 365;
const STEP_MS = 5 * 60_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** A German browser's header, for the 'auto' page. */
const ACCEPT_LANGUAGE = 'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7';
const CUSTOM_DOMAIN = 'status.acme.test';

/** Deterministic history: mostly up, a slow tail, an outage now and then. */
function outcome(monitor: number, at: number): { status: 'up' | 'down' | 'degraded'; totalMs: number } {
  const n = Math.floor(at / STEP_MS) + monitor * 7919;
  if (n % 997 === 0) return { status: 'down', totalMs: 30_000 };
  if (n % 211 === 0) return { status: 'degraded', totalMs: 2500 };
  return { status: 'up', totalMs: 80 + (n % 170) };
}

async function seed(db: Kysely<Database>, now: number, language: StatusPageLanguageSetting): Promise<void> {
  const owner = await insertOwner(db, 'sqlite');
  const first = Math.floor(now / DAY_MS) * DAY_MS - (DAYS - 1) * DAY_MS;
  const rows = Array.from({ length: MONITORS }, (_, i) =>
    monitorRow(owner, `https://service-${i}.example.com`, first, {
      name: `Service ${i + 1}`,
      interval_seconds: 300,
      status: i === 3 ? 'degraded' : 'up',
    }),
  );
  await insertMonitors(db, rows);
  const raw: ResultInput[] = [];
  for (let day = first; day <= now; day += DAY_MS) {
    const results: RollupInput[] = [];
    for (const [i, row] of rows.entries()) {
      for (let at = day; at < Math.min(day + DAY_MS, now); at += STEP_MS) {
        const { status, totalMs } = outcome(i, at);
        results.push({ monitorId: row.id, checkedAt: at, status, totalMs });
        if (now - at < DAY_MS) raw.push(rawResult(row.id, at, status, totalMs));
      }
    }
    await recordRollups(db, 'sqlite', results);
  }
  await insertResults(db, raw);
  await db
    .insertInto('status_pages')
    .values({
      id: uuidv7(),
      workspace_id: owner,
      name: 'Acme Cloud',
      slug: 'acme',
      description: 'Live status of Acme Cloud services.',
      logo_url: null,
      accent_color: '#2563eb',
      published: 1,
      show_response_times: 1,
      remove_branding: 0,
      language,
      custom_domain: CUSTOM_DOMAIN,
      domain_token: 'bench',
      domain_verified_at: first,
      created_at: first,
      updated_at: first,
    })
    .execute();
  const page = await db.selectFrom('status_pages').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('status_page_monitors')
    .values(
      rows.map((row, position) => ({
        status_page_id: page.id,
        monitor_id: row.id,
        position,
        display_name: null,
      })),
    )
    .execute();
  await seedIncidents(
    db,
    owner,
    rows.map((row) => row.id),
    now,
  );
}

function rawResult(
  monitorId: string,
  at: number,
  status: 'up' | 'down' | 'degraded',
  totalMs: number,
): ResultInput {
  return {
    monitor_id: monitorId,
    checked_at: at,
    status,
    status_code: status === 'down' ? 503 : 200,
    total_ms: totalMs,
    response_bytes: 512,
  };
}

/** Four resolved incidents in the past two weeks and one open, each with two public updates. */
async function seedIncidents(db: Kysely<Database>, owner: string, monitorIds: string[], now: number) {
  for (let i = 0; i < 5; i++) {
    const id = uuidv7();
    const started = now - (i * 3 + 1) * DAY_MS;
    const resolved = i === 0 ? null : started + 2 * 3_600_000;
    await db
      .insertInto('incidents')
      .values({
        id,
        workspace_id: owner,
        title: `Elevated error rates on Service ${i + 1}`,
        status: resolved ? 'resolved' : 'identified',
        severity: 'major',
        source: 'manual',
        primary_monitor_id: null,
        started_at: started,
        acknowledged_at: started,
        resolved_at: resolved,
        flapping_since: null,
        down_alerted: 0,
        recovery_alerted: 0,
        root_cause: null,
        summary: null,
        follow_ups: null,
        created_at: started,
        updated_at: started,
      })
      .execute();
    await db
      .insertInto('incident_monitors')
      .values({ incident_id: id, monitor_id: monitorIds[i] ?? '' })
      .execute();
    await db
      .insertInto('incident_updates')
      .values([
        {
          id: uuidv7(),
          incident_id: id,
          status: 'investigating',
          message: 'We are investigating elevated error rates.',
          author_id: null,
          created_at: started,
        },
        {
          id: uuidv7(),
          incident_id: id,
          status: 'identified',
          message: 'A faulty deploy was rolled back; error rates are falling.',
          author_id: null,
          created_at: started + 3_600_000,
        },
      ])
      .execute();
  }
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

/** fetch() sends the URL's host whatever the headers say; node:http sends the Host given. */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/** autocannon in its own process, so its CPU is not charged to the server. */
function load(url: string, headers: Record<string, string>): Promise<CannonResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [
    cli,
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    ...Object.entries({ 'accept-encoding': 'gzip', ...headers }).flatMap(([name, value]) => [
      '-H',
      `${name}=${value}`,
    ]),
    '-j',
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as CannonResult) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

export const statusPage = () => benchStatusPage('en');
export const statusPageGerman = () => benchStatusPage('de');
export const statusPageAuto = () => benchStatusPage('auto');

async function benchStatusPage(language: StatusPageLanguageSetting) {
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-'));
  const handle = connectDatabase({ dialect: 'sqlite', file: path.join(dir, 'upwatch.db') });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const started = Date.now();
    await seed(handle.db, started, language);
    const seedMs = Date.now() - started;
    const { app } = buildApp(handle);
    const server = await listen(app);
    try {
      const url = `${server.url}/status/acme`;
      const headers: Record<string, string> =
        language === 'auto' ? { 'accept-language': ACCEPT_LANGUAGE } : {};
      const page = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
      const html = await page.text();
      const result = await load(url, headers);
      const domainUrl = `${server.url}/`;
      if (!(await getWithHost(domainUrl, CUSTOM_DOMAIN)).includes('<h1>Acme Cloud</h1>')) {
        throw new Error('the custom domain did not serve the page');
      }
      const domain = await load(domainUrl, { ...headers, host: CUSTOM_DOMAIN });
      return {
        name: 'status_page_group_of_20',
        language,
        served_language: /<html lang="(\w+)">/.exec(html)?.[1],
        dialect: handle.dialect,
        monitors: MONITORS,
        history_days: DAYS,
        connections: CONNECTIONS,
        seconds: SECONDS,
        requests_per_second: Math.round(result.requests.average),
        requests: result.requests.total,
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        non_2xx: result.non2xx,
        errors: result.errors,
        html_bytes: Buffer.byteLength(html),
        html_gzip_bytes: gzipSync(html).length,
        custom_domain: {
          host: CUSTOM_DOMAIN,
          requests_per_second: Math.round(domain.requests.average),
          requests: domain.requests.total,
          p50_ms: domain.latency.p50,
          p99_ms: domain.latency.p99,
          non_2xx: domain.non2xx,
          errors: domain.errors,
        },
        seed_ms: seedMs,
        // Latency tails depend on what else the machine runs: these say how busy it was.
        cpus: availableParallelism(),
        load_average_1m: Number(loadavg()[0]?.toFixed(2)),
      };
    } finally {
      await server.close();
    }
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
