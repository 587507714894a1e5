// Results older than two days are packed per monitor and hour, and read back exactly as they
// were stored: the results API pages alike before and after, on SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createLogger } from '../platform/logger.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { countResults, insertResults, type ResultInput } from '../test/result-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { BATCH_ROWS, createPacker, HOUR_MS, packCutoff, packJob, packOldResults } from './pack-hours.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 40);
const DAY = 86_400_000;
const MINUTE = 60_000;
const logger = createLogger('silent');
let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  t = await createTestApp({}, { clock: new ManualClock(NOW) });
  owner = await createUser(t.auth);
});
afterEach(async () => {
  await t.close();
});

function send(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  return t.request(`/api/v1${path}`, {
    method,
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createMonitor(name: string): Promise<string> {
  const response = await send('/monitors', { name, url: `https://${name.toLowerCase()}.example.com` });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

/** Every result the API lists for the monitor, page by page, with the query's bounds. */
async function listAll(monitorId: string, query = '', limit = 7) {
  const results = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const response = await send(
      `/monitors/${monitorId}/results?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { checkedAt: number }[]; nextCursor: string | null };
    results.push(...body.results);
    cursor = body.nextCursor;
    if (!cursor) return results;
  }
  throw new Error('more pages than a test seeds');
}

/** Results every ten minutes from `from` to `to`, each kind of value a stored result can hold. */
function varied(monitorId: string, from: number, to: number): ResultInput[] {
  const rows: ResultInput[] = [];
  for (let at = from, i = 0; at < to; at += 10 * MINUTE + (i % 3), i++) {
    const down = i % 7 === 3;
    rows.push({
      monitor_id: monitorId,
      checked_at: at,
      region: i % 5 === 0 ? 'eu-west' : 'local',
      status: down ? 'down' : i % 11 === 0 ? 'degraded' : 'up',
      status_code: down ? 503 : i % 13 === 0 ? null : 200,
      total_ms: 100 + ((i * 37) % 400),
      dns_ms: i % 4 === 0 ? null : 3 + (i % 5),
      connect_ms: 20 + (i % 9),
      tls_ms: i % 6 === 0 ? null : 40 + (i % 17),
      ttfb_ms: 60 + ((i * 13) % 90),
      download_ms: i % 2,
      response_bytes: i % 9 === 0 ? null : 40_000 + i,
      failure_code: down ? 'status_mismatch' : null,
      failure_message: down ? `Expected status 200-399, got 503 (${i % 2}).` : null,
      confirmation: i % 8 === 0,
      reason: i % 10 === 0 ? 'deployment' : null,
      ...(i % 12 === 0 ? { maintenance: true } : {}),
      facts: i % 6 === 1 ? JSON.stringify({ answers: ['192.0.2.10', `192.0.2.${i % 250}`] }) : null,
    });
  }
  return rows;
}

async function packedHours(monitorId: string) {
  return t.database.db
    .selectFrom('check_result_hours as h')
    .innerJoin('monitors as m', 'm.seq', 'h.monitor_seq')
    .select(['h.hour_at', 'h.last_at', 'h.checks'])
    .where('m.id', '=', monitorId)
    .orderBy('h.hour_at')
    .execute();
}

describe('packing check results older than two days', () => {
  it('packs each monitor-hour into one row, and the results API answers exactly as before', async () => {
    const shop = await createMonitor('Shop');
    const api = await createMonitor('Api');
    const cutoff = packCutoff(NOW);
    expect(cutoff).toBe(Date.UTC(2026, 10, 18, 15));
    await insertResults(t.database.db, [
      ...varied(shop, NOW - 3 * DAY, NOW - DAY),
      ...varied(api, NOW - 2 * DAY - 5 * HOUR_MS, NOW - 2 * DAY + HOUR_MS),
    ]);
    const old = [...varied(shop, NOW - 3 * DAY, NOW - DAY), ...varied(api, NOW - 2 * DAY - 5 * HOUR_MS, NOW)]
      .map((row) => row.checked_at)
      .filter((at) => at < cutoff);
    const queries = ['', `&after=${NOW - 2 * DAY - 3 * HOUR_MS}`, `&before=${cutoff + 17 * MINUTE}`];
    const before = await Promise.all(queries.map((query) => listAll(shop, query)));
    const apiBefore = await listAll(api);
    const storedBefore = (await countResults(t.database.db, shop)) + (await countResults(t.database.db, api));

    const report = await packOldResults(t.database.db, NOW);

    expect(report.checks).toBe(old.length);
    expect(await countResults(t.database.db)).toBe(storedBefore - old.length);
    const shopHours = await packedHours(shop);
    const expectedHours = new Set(
      varied(shop, NOW - 3 * DAY, cutoff).map((row) => Math.floor(row.checked_at / HOUR_MS) * HOUR_MS),
    );
    expect(shopHours.map((hour) => Number(hour.hour_at))).toEqual([...expectedHours]);
    expect(shopHours.reduce((sum, hour) => sum + Number(hour.checks), 0)).toBe(
      varied(shop, NOW - 3 * DAY, cutoff).length,
    );
    expect(report.hours).toBe(shopHours.length + (await packedHours(api)).length);
    for (const [index, query] of queries.entries()) expect(await listAll(shop, query)).toEqual(before[index]);
    expect(await listAll(api)).toEqual(apiBefore);
    // Nothing is left to pack until another hour ages.
    expect(await packOldResults(t.database.db, NOW)).toEqual({ hours: 0, checks: 0, batches: 0 });
  });

  it('merges a result stored late into its packed hour', async () => {
    const shop = await createMonitor('Shop');
    const at = NOW - 3 * DAY;
    await insertResults(t.database.db, [
      { monitor_id: shop, checked_at: at, total_ms: 100 },
      { monitor_id: shop, checked_at: at + 2 * MINUTE, total_ms: 300 },
    ]);
    await packOldResults(t.database.db, NOW);
    await insertResults(t.database.db, [{ monitor_id: shop, checked_at: at + MINUTE, total_ms: 200 }]);

    expect(await packOldResults(t.database.db, NOW)).toMatchObject({ hours: 1, checks: 1 });
    expect(await packedHours(shop)).toEqual([
      { hour_at: Math.floor(at / HOUR_MS) * HOUR_MS, last_at: at + 2 * MINUTE, checks: 3 },
    ]);
    expect(await countResults(t.database.db, shop)).toBe(0);
    expect((await listAll(shop)).map((result) => (result as { totalMs?: number }).totalMs)).toEqual([
      300, 200, 100,
    ]);
  });

  it('packs a monitor with more old results than one batch holds, over several batches', async () => {
    const shop = await createMonitor('Shop');
    const from = NOW - 4 * DAY;
    const count = BATCH_ROWS + 1_000;
    const rows = Array.from({ length: count }, (_, i) => ({
      monitor_id: shop,
      checked_at: from + i * 1_000,
    }));
    await insertResults(t.database.db, rows);

    const report = await packOldResults(t.database.db, NOW);

    expect(report.checks).toBe(count);
    expect(report.batches).toBeGreaterThan(1);
    expect(await countResults(t.database.db, shop)).toBe(0);
    const hours = await packedHours(shop);
    expect(hours.reduce((sum, hour) => sum + Number(hour.checks), 0)).toBe(count);
    const listed = await listAll(shop, '', 500);
    expect(listed).toHaveLength(count);
    expect(listed.at(-1)?.checkedAt).toBe(from);
  });

  it('drops a deleted monitor’s packed hours with it', async () => {
    const shop = await createMonitor('Shop');
    await insertResults(t.database.db, [{ monitor_id: shop, checked_at: NOW - 3 * DAY }]);
    await packOldResults(t.database.db, NOW);
    expect(await packedHours(shop)).toHaveLength(1);

    expect((await send(`/monitors/${shop}`, undefined, 'DELETE')).status).toBe(204);

    const { rows } = await sql<{ n: number | string }>`select count(*) as n from check_result_hours`.execute(
      t.database.db,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('passes at the first poll, then only once another hour has aged past two days', async () => {
    const clock = new ManualClock(NOW);
    const shop = await createMonitor('Shop');
    const pack = createPacker({ db: t.database.db, dialect: t.database.dialect, clock, logger });
    const reports: unknown[] = [];
    let passes = 0;
    const job = packJob(
      async (signal) => {
        passes += 1;
        reports.push(await pack(signal));
      },
      clock,
      logger,
    );
    const poll = () => job.run(new AbortController().signal);
    await insertResults(t.database.db, [{ monitor_id: shop, checked_at: packCutoff(NOW) - 1 }]);

    await poll();
    await waitFor(async () => reports.length === 1, 5_000);
    expect(reports).toEqual([{ hours: 1, checks: 1, batches: 1 }]);
    clock.advance(15 * MINUTE);
    await poll();
    expect(passes).toBe(1);

    await insertResults(t.database.db, [{ monitor_id: shop, checked_at: packCutoff(NOW) + 5 * MINUTE }]);
    clock.advance(5 * MINUTE);
    await poll();
    expect(passes).toBe(2);
    await waitFor(async () => reports.length === 2, 5_000);
    expect(reports[1]).toEqual({ hours: 1, checks: 1, batches: 1 });
    await job.drain?.();
  });
});
