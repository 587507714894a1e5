import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { recordResults } from '../recording/record.ts';
import type { FinishedCheck } from '../results/finished-check.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 40);
let t: TestApp;
let owner: TestUser;
let monitorId: string;

beforeEach(async () => {
  t = await createTestApp({}, { clock: new ManualClock(NOW) });
  owner = await createUser(t.auth);
  const created = await get(owner, '/monitors', { name: 'Shop', url: 'https://shop.example.com' });
  monitorId = (await created.json()).id;
});
afterEach(async () => {
  await t.close();
});

function get(user: TestUser, path: string, body?: unknown) {
  return t.request(`/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Stores results through the real write path, one batch per result so status transitions apply in order. */
async function ingest(
  samples: { at: number; status: 'up' | 'down'; ms: number; facts?: Record<string, unknown> }[],
) {
  const { db, dialect } = t.database;
  for (const sample of samples) {
    await db.updateTable('monitors').set({ claimed_by: 'w' }).where('id', '=', monitorId).execute();
    const monitor = await db
      .selectFrom('monitors')
      .selectAll()
      .where('id', '=', monitorId)
      .executeTakeFirstOrThrow();
    const check: FinishedCheck = {
      monitor,
      outcome: {
        checkedAt: sample.at,
        region: 'local',
        status: sample.status,
        statusCode: sample.status === 'up' ? 200 : 503,
        timings: {
          totalMs: sample.ms,
          dnsMs: 1,
          connectMs: 2,
          tlsMs: 3,
          ttfbMs: sample.ms - 8,
          downloadMs: 2,
        },
        responseBytes: 42,
        failure:
          sample.status === 'up'
            ? null
            : { code: 'status_mismatch', message: 'Expected status 200-399, got 503.' },
        ...(sample.facts ? { facts: sample.facts } : {}),
      },
    };
    await recordResults(db, dialect, 'w', [check], 15_000);
  }
}

describe('history routes', () => {
  it('pages results newest first with timings and failures, and filters by time', async () => {
    const minute = 60_000;
    await ingest(
      Array.from({ length: 5 }, (_, i) => ({
        at: NOW - (5 - i) * minute,
        status: 'up' as const,
        ms: 100 + i,
      })),
    );
    const page = await (await get(owner, `/monitors/${monitorId}/results?limit=2`)).json();
    expect(page.results.map((r: { totalMs: number }) => r.totalMs)).toEqual([104, 103]);
    expect(page.results[0]).toMatchObject({
      status: 'up',
      statusCode: 200,
      timings: { dnsMs: 1, connectMs: 2, tlsMs: 3, ttfbMs: 96, downloadMs: 2 },
      failure: null,
      confirmation: false,
    });
    const next = await (
      await get(owner, `/monitors/${monitorId}/results?limit=2&cursor=${page.nextCursor}`)
    ).json();
    expect(next.results.map((r: { totalMs: number }) => r.totalMs)).toEqual([102, 101]);
    const recent = await (
      await get(owner, `/monitors/${monitorId}/results?after=${NOW - 3 * minute}`)
    ).json();
    expect(recent.results).toHaveLength(2);
  });

  it("answers a DNS check's stored answer set, and no answers for checks without one", async () => {
    await ingest([
      { at: NOW - 120_000, status: 'up', ms: 20 },
      { at: NOW - 60_000, status: 'up', ms: 12, facts: { answers: ['192.0.2.10', '192.0.2.11'] } },
    ]);
    const page = await (await get(owner, `/monitors/${monitorId}/results`)).json();
    expect(page.results[0].answers).toEqual(['192.0.2.10', '192.0.2.11']);
    expect(page.results[1]).not.toHaveProperty('answers');
  });

  it('reports windows, 24 hourly and 90 daily buckets, and confirmed outages', async () => {
    const hour = 3_600_000;
    await ingest([
      { at: NOW - 3 * hour, status: 'up', ms: 120 },
      { at: NOW - 2 * hour, status: 'down', ms: 30_000 },
      { at: NOW - 2 * hour + 15_000, status: 'down', ms: 30_000 },
      { at: NOW - hour, status: 'up', ms: 100 },
    ]);
    const report = await (await get(owner, `/monitors/${monitorId}/uptime`)).json();
    // By time: up an hour, down an hour (from the first failure, as the outage), up the hour since.
    expect(report.windows['24h']).toMatchObject({ checks: 4, upChecks: 2, downtimeMs: hour, avgMs: 110 });
    expect(report.windows['24h'].uptimePercent).toBeCloseTo((2 / 3) * 100, 10);
    // One downtime figure: the windows' and the outage list's agree.
    expect(report.windows['24h'].downtimeMs).toBe(report.outages[0]?.durationMs);
    expect(report.hourly).toHaveLength(24);
    expect(report.daily).toHaveLength(90);
    // The recovery's hour: down from its start until the check found it up, up after.
    const recoveryHour = Math.floor((NOW - hour) / hour) * hour;
    const downInHour = NOW - hour - recoveryHour;
    expect(report.hourly.at(-2)).toMatchObject({
      checks: 1,
      upChecks: 1,
      downtimeMs: downInHour,
      avgMs: 100,
    });
    expect(report.hourly.at(-2).uptimePercent).toBeCloseTo(((hour - downInHour) / hour) * 100, 10);
    expect(report.outages).toEqual([{ start: NOW - 2 * hour, end: NOW - hour, durationMs: hour }]);
  });

  it('adds uptime, average response and a sparkline to the list on request', async () => {
    await ingest([{ at: NOW - 60_000, status: 'up', ms: 150 }]);
    const plain = await (await get(owner, '/monitors')).json();
    expect(plain.monitors[0].stats).toBeUndefined();
    const withStats = await (await get(owner, '/monitors?include=stats')).json();
    expect(withStats.monitors[0].stats).toMatchObject({ uptime24h: 100, uptime30d: 100, avgMs24h: 150 });
    expect(withStats.monitors[0].stats.sparkline).toHaveLength(24);
    expect(withStats.monitors[0].stats.sparkline.at(-1)).toBe(150);
  });

  it("gives another user 404 for a monitor's results and uptime", async () => {
    const intruder = await createUser(t.auth);
    for (const path of [`/monitors/${monitorId}/results`, `/monitors/${monitorId}/uptime`]) {
      const response = await get(intruder, path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code).toBe('monitor_not_found');
    }
  });
});
