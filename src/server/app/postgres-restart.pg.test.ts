// Needs PostgreSQL binaries: `upwatch serve` and two `upwatch worker`s, as users start them,
// against a cluster of the test's own (test/pg-cluster.ts) that the test stops and starts, and
// whose connections it kills. An unheard pg 'error' used to kill all three. Runs in `npm run test:pg`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { cookieHeader } from '../test/http.ts';
import { createPostgresCluster, type PostgresCluster } from '../test/pg-cluster.ts';
import { readSse, type SseReader } from '../test/sse-reader.ts';
import { freePort, spawnLongRunning, type UpwatchChild } from '../test/upwatch-process.ts';
import { waitFor } from '../test/wait-for.ts';

let cluster: PostgresCluster;
let target: Target;
let dataDir: string;
let origin: string;
let cookie: string;
let stream: SseReader;
/** When each check reached the target. */
const arrivals: number[] = [];
const ANSWER_MS = 1500;
/** Checks the target has not answered yet. */
let answering = 0;
const processes: { name: string; child: UpwatchChild }[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `timeoutMs` bounds a request; the event stream alone stays open. */
async function api(method: string, route: string, body?: unknown, timeoutMs: number | null = 10_000) {
  return fetch(`${origin}/api/v1${route}`, {
    method,
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(timeoutMs === null ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
  });
}

beforeAll(async () => {
  cluster = await createPostgresCluster();
  // Each answer takes a while, so checks are in flight when the database goes: they finish
  // during the outage, and their results must be stored once it is back.
  target = await startTarget((_req, res) => {
    arrivals.push(Date.now());
    answering++;
    setTimeout(() => {
      answering--;
      res.end('ok');
    }, ANSWER_MS);
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'upwatch-pg-restart-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    PORT: String(port),
    UPWATCH_TEST_MODE: 'true',
    ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'info',
  };
  // All three at once: each migrates (the migrator takes a lock), and starting is most of the time.
  processes.push({ name: 'serve', child: spawnLongRunning(['serve'], env) });
  for (const name of ['worker a', 'worker b'])
    processes.push({ name, child: spawnLongRunning(['worker', '--region', 'local'], env) });
  await waitFor(
    () =>
      fetch(`${origin}/api/v1/public-config`).then(
        (response) => response.ok,
        () => false,
      ),
    60_000,
  );
  await waitFor(
    async () =>
      processes.every(
        ({ name, child }) => name === 'serve' || child.output().stdout.includes('worker started'),
      ),
    60_000,
  );

  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  cookie = cookieHeader(signUp);
  for (const n of [1, 2, 3]) {
    const created = await api('POST', '/monitors', {
      name: `Shop ${n}`,
      url: `${target.origin}/m${n}`,
      intervalSeconds: 1,
    });
    expect(created.status, await created.clone().text()).toBe(201);
  }
  stream = readSse(await api('GET', '/events', undefined, null));
  await stream.next((event) => event.event === 'ready', 5000);
  await stream.next((event) => event.event === 'check.result', 30_000);
}, 150_000);

afterAll(async () => {
  stream?.close();
  for (const { child } of processes.splice(0)) await child.stop('SIGKILL');
  await target?.close();
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Output each process wrote from now on. */
function outputFromNow(): () => Map<string, string> {
  const offsets = processes.map(({ child }) => child.output().stdout.length);
  return () =>
    new Map(processes.map(({ name, child }, i) => [name, child.output().stdout.slice(offsets[i])]));
}

/** The end of what a process wrote, to tell why it exited. */
function lastLines(child: UpwatchChild): string {
  const { stdout, stderr } = child.output();
  return `${stdout.split('\n').slice(-8).join('\n')}\n${stderr.slice(-3000)}`;
}

const count = (text: string, phrase: string) => text.split(phrase).length - 1;

/** The newest stored check result, straight from the database. */
async function newestResultAt(): Promise<number> {
  const rows = await cluster.query<{ at: string | null }>('select max(checked_at) as at from check_results');
  return Number(rows[0]?.at ?? 0);
}

/** Stored results of checks that started by `at`. */
async function resultsBy(at: number): Promise<number> {
  const rows = await cluster.query<{ n: number }>(
    `select count(*)::int as n from check_results where checked_at <= ${Math.floor(at)}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * What must hold once the database is back at `backAt`: every process still runs, checks reach
 * the target and are stored again within 10 s, a new event reaches the open stream (serve
 * LISTENs again), the monitor acknowledged before the outage is still there, and every check
 * that reached the target before it came back has its result stored (each is one request).
 */
async function expectRecovery(backAt: number, acknowledgedId: string) {
  await waitFor(async () => arrivals.some((at) => at > backAt + 1000), 10_000);
  await waitFor(async () => (await newestResultAt().catch(() => 0)) > backAt, 10_000);
  const event = await stream.next(
    (candidate) =>
      candidate.event === 'check.result' && ((candidate.data as { at: number }).at ?? 0) > backAt,
    10_000,
  );
  expect(Date.now() - backAt).toBeLessThan(10_000 + 1000);
  expect(event.event).toBe('check.result');
  for (const { name, child } of processes)
    expect(
      { name, exitCode: child.child.exitCode, signal: child.child.signalCode },
      lastLines(child),
    ).toEqual({
      name,
      exitCode: null,
      signal: null,
    });
  // Results held through the outage are stored with the first batches after it.
  await waitFor(async () => (await newestResultAt()) > backAt + 2000, 10_000);
  const ran = arrivals.filter((at) => at <= backAt).length;
  expect(await resultsBy(backAt)).toBeGreaterThanOrEqual(ran);
  const acknowledged = await api('GET', `/monitors/${acknowledgedId}`);
  expect(acknowledged.status).toBe(200);
  expect(((await acknowledged.json()) as { name: string }).name).toBe('Acknowledged');
}

/** A monitor created (201) before the outage, and checks in flight at its start. */
async function acknowledgedWrite(): Promise<string> {
  await waitFor(async () => answering > 0, 10_000);
  const response = await api('POST', '/monitors', {
    name: 'Acknowledged',
    url: `${target.origin}/ack`,
    intervalSeconds: 1,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

it('a PostgreSQL restart: serve and both workers survive, requests meanwhile get 503, checks and events resume within 10 s', {
  timeout: 60_000,
}, async () => {
  const acknowledgedId = await acknowledgedWrite();
  const output = outputFromNow();
  await cluster.stop();
  await sleep(1000);

  const during = await api('GET', '/monitors');
  expect(during.status).toBe(503);
  expect(((await during.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
  expect(during.headers.get('retry-after')).toBe('5');
  // Billing answers in its own shape, with the same code.
  const billing = await fetch(`${origin}/api/billing/products`, {
    headers: { cookie, origin },
    signal: AbortSignal.timeout(10_000),
  });
  expect(billing.status).toBe(503);
  expect(((await billing.json()) as { code: string }).code).toBe('database_unavailable');
  // So do better-auth's routes: signing in, and the session every page load asks for.
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'someone@example.com', password: 'correct horse battery' }),
    signal: AbortSignal.timeout(10_000),
  });
  const session = await fetch(`${origin}/api/auth/get-session`, {
    headers: { cookie, origin },
    signal: AbortSignal.timeout(10_000),
  });
  for (const response of [signIn, session]) {
    const body = await response.text();
    expect(response.status, body).toBe(503);
    expect(body, body).toContain('"code":"database_unavailable"');
  }
  await sleep(4000);

  await cluster.start();
  const backAt = Date.now();
  await expectRecovery(backAt, acknowledgedId);
  // One line when the database went, whatever the number of failed retries.
  const logged = output();
  for (const [name, text] of logged) {
    const warnings = text.split('\n').filter((line) => /"level":[456]0/.test(line));
    expect(count(text, 'database connection lost'), `${name}: ${warnings.join('\n')}`).toBe(1);
    expect(count(text, 'unhandled error'), name).toBe(0);
  }
  expect(count(logged.get('serve') ?? '', 'event listener connection lost')).toBe(1);
  expect(count(logged.get('serve') ?? '', 'event listener reconnected')).toBe(1);
  expect(count(logged.get('worker a') ?? '', 'worker jobs retry with backoff')).toBe(1);
});

it('pg_terminate_backend of every Upwatch connection: all three survive, checks and events resume within 10 s', {
  timeout: 40_000,
}, async () => {
  const acknowledgedId = await acknowledgedWrite();
  const killed = await cluster.query<{ query: string }>(
    `select pg_terminate_backend(pid), query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  // The three listeners (serve's and each worker's) among them, beside the pools' connections.
  expect(killed.filter((row) => row.query.startsWith('LISTEN')).length).toBe(3);
  expect(killed.length).toBeGreaterThan(3);
  const backAt = Date.now();
  await expectRecovery(backAt, acknowledgedId);
});
