// Digest test data for one owner, written through the real rollup path (check results) and
// as the other slices store their rows (incidents, certificate state, runs, deployments).
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { type RollupInput, recordRollups } from '../../history/rollups.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { newSslState } from '../../ssl/state.ts';
import { insertAutomaticIncident } from '../../test/incident-rows.ts';
import { insertMonitors, monitorRow } from '../../test/monitor-rows.ts';

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** The Berlin week Monday 9 – Sunday 15 November 2026 (UTC+1), and the week before it. */
export const WEEK = {
  previousStart: Date.UTC(2026, 10, 1, 23),
  start: Date.UTC(2026, 10, 8, 23),
  end: Date.UTC(2026, 10, 15, 23),
};

function hourly(monitorId: string, from: number, hours: number, totalMs: number, downHours: number[] = []) {
  return Array.from({ length: hours }, (_, hour): RollupInput => {
    const checkedAt = from + hour * HOUR + 5 * 60_000;
    const down = downHours.includes(hour);
    // Each check stands for the hour until the next one.
    const span = {
      from: checkedAt,
      to: checkedAt + HOUR,
      column: down ? 'down_ms' : 'up_ms',
      sign: 1,
    } as const;
    return { monitorId, checkedAt, status: down ? 'down' : 'up', totalMs, spans: [span] };
  });
}

async function performanceRun(
  db: Kysely<Database>,
  userId: string,
  siteId: string,
  at: number,
  score: number,
  lcp: number,
) {
  await db
    .insertInto('performance_checks')
    .values({
      id: uuidv7(),
      site_id: siteId,
      workspace_id: userId,
      status: 'succeeded',
      reason: 'schedule',
      queued_at: at - 60_000,
      started_at: at - 50_000,
      finished_at: at,
      claimed_by: null,
      claimed_until: null,
      error_code: null,
      error_message: null,
      performance_score: score,
      lcp_ms: lcp,
      cls: 0.01,
      tbt_ms: 100,
      fcp_ms: 900,
      speed_index_ms: 1500,
      server_response_ms: 200,
      total_bytes: 500_000,
      request_count: 40,
      opportunities: '[]',
      blocked_requests: '[]',
      violations: '[]',
      regressions: '[]',
    })
    .execute();
}

async function violation(db: Kysely<Database>, userId: string, siteId: string, at: number) {
  await db
    .insertInto('budget_violations')
    .values({
      id: uuidv7(),
      site_id: siteId,
      workspace_id: userId,
      metric: 'lcpMs',
      limit_value: 2000,
      worst_value: 2600,
      started_run_id: uuidv7(),
      started_at: at,
      ended_run_id: null,
      recovered_at: null,
    })
    .execute();
}

async function deployment(db: Kysely<Database>, userId: string, at: number) {
  await db
    .insertInto('deployments')
    .values({
      id: uuidv7(),
      workspace_id: userId,
      provider: 'api',
      version: 'v1',
      environment: 'production',
      commit_sha: null,
      branch: null,
      url: null,
      status: 'succeeded',
      provider_url: null,
      delivery_key: null,
      deployed_at: at,
      created_at: at,
    })
    .execute();
}

/**
 * Shop: 168 hourly checks this week, 4 of them down, 120 ms; the week before all up at 300 ms.
 * API: 168 up checks at 80 ms this week, none before. Plus incidents, certificates, two runs
 * and a violation per week, and deployments around the week's edges.
 */
export async function seedWeek(db: Kysely<Database>, dialect: Dialect, userId: string) {
  const shop = monitorRow(userId, 'https://shop.example.com', WEEK.previousStart, { name: 'Shop' });
  const api = monitorRow(userId, 'https://api.example.com', WEEK.previousStart, { name: 'API' });
  await insertMonitors(db, [shop, api]);
  await recordRollups(db, dialect, [
    ...hourly(shop.id, WEEK.previousStart, 168, 300),
    ...hourly(shop.id, WEEK.start, 168, 120, [34, 35, 36, 37]),
    ...hourly(api.id, WEEK.start, 168, 80),
    // The next week's first check: not this week's.
    { monitorId: shop.id, checkedAt: WEEK.end + 30 * 60_000, status: 'down', totalMs: 0 },
  ]);

  // 45 min inside the week; 60 min of one that began the evening before; one long before.
  await insertAutomaticIncident(db, userId, shop.id, WEEK.start + DAY + 11 * HOUR, {
    status: 'resolved',
    resolved_at: WEEK.start + DAY + 11 * HOUR + 45 * 60_000,
  });
  await insertAutomaticIncident(db, userId, api.id, WEEK.start - HOUR, {
    status: 'resolved',
    resolved_at: WEEK.start + HOUR,
  });
  await insertAutomaticIncident(db, userId, api.id, WEEK.previousStart + DAY, {
    status: 'resolved',
    resolved_at: WEEK.previousStart + DAY + HOUR,
  });

  await db
    .insertInto('monitor_ssl_state')
    .values([
      newSslState(shop.id, WEEK.end, { valid_to: WEEK.end + 10 * DAY + HOUR }),
      newSslState(api.id, WEEK.end, { valid_to: WEEK.end + 45 * DAY }),
    ])
    .execute();

  const siteId = uuidv7();
  await db
    .insertInto('performance_sites')
    .values({
      id: siteId,
      workspace_id: userId,
      url: 'https://shop.example.com',
      name: 'Shop home',
      device: 'mobile',
      monitor_id: shop.id,
      budgets: '[]',
      next_run_at: WEEK.end,
      created_at: WEEK.previousStart,
      updated_at: WEEK.previousStart,
    })
    .execute();
  await performanceRun(db, userId, siteId, WEEK.previousStart + 2 * DAY, 70, 3000);
  await performanceRun(db, userId, siteId, WEEK.start + 2 * DAY, 80, 2000);
  await performanceRun(db, userId, siteId, WEEK.start + 5 * DAY, 90, 2400);
  await violation(db, userId, siteId, WEEK.previousStart + 2 * DAY);
  await violation(db, userId, siteId, WEEK.start + 2 * DAY);

  await deployment(db, userId, WEEK.start - 1);
  await deployment(db, userId, WEEK.start);
  await deployment(db, userId, WEEK.end - 1);
  return { shop, api, siteId };
}
