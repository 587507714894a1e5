import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RollupTable } from '../platform/db/schema.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { monitorStats } from './report.ts';
import { DAY_MS, HOUR_MS, type RollupInput, recordRollups } from './rollups.ts';
import { summarize, windowStart } from './uptime.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 40);
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

/** 40 days of checks every 20 minutes, with outages, slow spells and hours with no checks at all. */
function history(monitorId: string, seed: number): RollupInput[] {
  const inputs: RollupInput[] = [];
  for (let at = NOW - 40 * DAY_MS, i = seed; at <= NOW; at += 20 * 60_000, i++) {
    if (i % 29 < 3) continue;
    const status = i % 13 === 0 ? 'down' : i % 7 === 0 ? 'degraded' : 'up';
    inputs.push({
      monitorId,
      checkedAt: at,
      status,
      totalMs: status === 'down' ? 30_000 : 60 + ((i * 53) % 900),
    });
  }
  // An hour of nothing but failures: counted in uptime, a gap in the sparkline.
  for (let minute = 0; minute < 60; minute += 20) {
    inputs.push({
      monitorId,
      checkedAt: NOW - 5 * HOUR_MS + minute * 60_000,
      status: 'down',
      totalMs: 30_000,
    });
  }
  return inputs;
}

it("gives the list's uptime, average and sparkline exactly as the stored rollups sum them", async () => {
  const { db, dialect } = database;
  const owner = await insertOwner(db, dialect);
  const rows = [0, 1, 2].map((i) => monitorRow(owner, `https://s${i}.example.com`, NOW - 50 * DAY_MS));
  await insertMonitors(db, rows);
  const [busy, other, silent] = rows.map((row) => row.id) as [string, string, string];
  await recordRollups(db, dialect, [...history(busy, 0), ...history(other, 11)]);
  // A bucket past "now" (a worker whose clock runs ahead) is in no window the list shows.
  await recordRollups(db, dialect, [
    { monitorId: busy, checkedAt: NOW + 2 * DAY_MS, status: 'up', totalMs: 5 },
  ]);

  const stats = await monitorStats(db, [busy, other, silent], NOW);

  const hourly = await db.selectFrom('rollups_hourly').selectAll().execute();
  const daily = await db.selectFrom('rollups_daily').selectAll().execute();
  const inWindow = (all: RollupTable[], id: string, first: number, buckets: number, bucketMs: number) =>
    all.filter(
      (row) =>
        row.monitor_id === id && row.bucket_start >= first && row.bucket_start < first + buckets * bucketMs,
    );
  for (const id of [busy, other]) {
    const firstHour = windowStart('24h', NOW);
    const day = summarize(inWindow(hourly, id, firstHour, 24, HOUR_MS));
    const month = summarize(inWindow(daily, id, windowStart('30d', NOW), 30, DAY_MS));
    const sparkline = Array.from({ length: 24 }, (_, hour) => {
      const start = firstHour + hour * HOUR_MS;
      return summarize(hourly.filter((row) => row.monitor_id === id && row.bucket_start === start)).avgMs;
    });
    expect(day.checks, id).toBeGreaterThan(0);
    expect(month.checks, id).toBeGreaterThan(day.checks);
    expect(stats.get(id)).toEqual({
      uptime24h: day.uptimePercent,
      uptime30d: month.uptimePercent,
      avgMs24h: day.avgMs,
      sparkline,
    });
    expect(sparkline.filter((ms) => ms === null).length, id).toBeGreaterThan(0);
  }
  expect(stats.get(silent)).toEqual({
    uptime24h: null,
    uptime30d: null,
    avgMs24h: null,
    sparkline: Array(24).fill(null),
  });
});
