import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { expectedTime, recordSamples } from '../test/record-samples.ts';
import { countResults, deleteResults } from '../test/result-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type UptimeWindow, uptimeSummaries, windowStart } from './uptime.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 40);
const STEP = 30 * 60_000;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Sample {
  checkedAt: number;
  status: 'up' | 'down' | 'degraded';
  totalMs: number;
}

/** 100 days of half-hourly results with outages and a slow tail, deterministic. */
function samples(): Sample[] {
  const list: Sample[] = [];
  for (let at = NOW - 100 * 86_400_000, i = 0; at <= NOW; at += STEP, i++) {
    const status = i % 17 === 0 ? 'down' : i % 11 === 0 ? 'degraded' : 'up';
    const totalMs =
      status === 'down' ? 30_000 : status === 'degraded' ? 1800 + (i % 5) * 100 : 80 + ((i * 37) % 300);
    list.push({ checkedAt: at, status, totalMs });
  }
  return list;
}

function exactPercentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

it('reads uptime and percentiles from rollups alone: deleting raw results changes nothing', async () => {
  const user = await createUser(t.auth);
  const created = await t.request('/api/v1/monitors', {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Shop', url: 'https://shop.example.com' }),
  });
  const { id } = await created.json();
  const { db, dialect } = t.database;
  const all = samples();

  await recordSamples(db, dialect, id, all);
  expect(await countResults(db, id)).toBe(all.length);

  const before = (await uptimeSummaries(db, [id], NOW)).get(id);
  await deleteResults(db);
  expect(await countResults(db)).toBe(0);
  const after = (await uptimeSummaries(db, [id], NOW)).get(id);
  expect(after).toEqual(before);

  for (const window of ['24h', '7d', '30d', '90d'] as UptimeWindow[]) {
    const inWindow = all.filter((sample) => sample.checkedAt >= windowStart(window, NOW));
    const answered = inWindow.filter((sample) => sample.status !== 'down').map((sample) => sample.totalMs);
    const summary = after?.[window];
    expect(summary?.checks, window).toBe(inWindow.length);
    // Each result stands for the time until the next; the last one's until now.
    const time = expectedTime(all, windowStart(window, NOW), NOW);
    expect(summary?.uptimePercent, window).toBeCloseTo(time.uptimePercent ?? -1, 10);
    expect(summary?.downtimeMs, window).toBe(time.downMs);
    expect(summary?.avgMs, window).toBe(Math.round(answered.reduce((a, b) => a + b, 0) / answered.length));
    // The histogram answers within its bucket width around the exact percentile.
    expect(Math.abs((summary?.p95Ms ?? 0) - exactPercentile(answered, 0.95)), window).toBeLessThanOrEqual(
      500,
    );
    expect(Math.abs((summary?.p50Ms ?? 0) - exactPercentile(answered, 0.5)), window).toBeLessThanOrEqual(50);
  }
  expect(after?.['90d'].checks).toBeGreaterThan(after?.['30d'].checks ?? 0);
});
