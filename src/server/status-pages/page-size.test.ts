// The public page's size budget (60 KB of HTML for 20 monitors, as `npm run bench -- status-page`
// measures it) holds in every language: a translation that makes the bars' words longer fails
// here, not in production. The history is like the bench's: 90 days of 5-minute checks, about a
// third of the days with a failed check, a few incidents, response times shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_PAGE_LANGUAGES } from '../../core/api/status-pages.ts';
import { DAY_MS, HOUR_MS } from '../history/rollups.ts';
import { insertAutomaticIncident } from '../test/incident-rows.ts';
import { createStatusApp, NOW, type StatusApp } from './test/status-app.ts';

const BUDGET_BYTES = 60_000;
const MONITORS = 20;
const CHECKS_A_DAY = 288;

let s: StatusApp;
beforeAll(async () => {
  s = await createStatusApp();
  const owner = await s.user('pro');
  const ids: string[] = [];
  for (let i = 0; i < MONITORS; i++) ids.push((await s.monitor(owner, `Service ${i + 1}`)).id);
  await s.db
    .updateTable('monitors')
    .set({ created_at: NOW - 365 * DAY_MS, interval_seconds: 300, status: 'up' })
    .where('id', 'in', ids)
    .execute();
  const today = Math.floor(NOW / DAY_MS) * DAY_MS;
  const rollup = (monitorId: string, bucket: number, up: number) => ({
    monitor_id: monitorId,
    bucket_start: bucket,
    checks: CHECKS_A_DAY,
    up_checks: up,
    degraded_checks: 0,
    latency_sum_ms: up * 150,
    latency_min_ms: 80,
    latency_max_ms: 30_000,
  });
  const days = ids.flatMap((id, i) =>
    Array.from({ length: 90 }, (_, day) => rollup(id, today - day * DAY_MS, (day + i) % 3 === 0 ? 287 : 288)),
  );
  await s.db.insertInto('rollups_daily').values(days).execute();
  const hours = ids.flatMap((id) =>
    Array.from({ length: 24 }, (_, hour) => ({ ...rollup(id, today - hour * HOUR_MS, 12), checks: 12 })),
  );
  await s.db.insertInto('rollups_hourly').values(hours).execute();
  for (let i = 0; i < 5; i++) {
    await insertAutomaticIncident(s.db, owner.id, ids[i] ?? '', NOW - (i * 3 + 1) * DAY_MS, {
      resolved_at: i === 0 ? null : NOW - (i * 3 + 1) * DAY_MS + HOUR_MS,
      status: i === 0 ? 'investigating' : 'resolved',
    });
  }
  await s.page(owner, {
    name: 'Acme Cloud',
    slug: 'acme',
    description: 'Live status of Acme Cloud services.',
    published: true,
    showResponseTimes: true,
    language: 'auto',
    monitors: ids.map((monitorId) => ({ monitorId })),
  });
});
afterAll(async () => {
  await s?.close();
});

describe('the page size budget', () => {
  it.each(STATUS_PAGE_LANGUAGES)(
    'keeps 20 monitors with 90 days of history within 60 KB in %s',
    async (language) => {
      const response = await s.get('/status/acme', { 'accept-language': language });
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}">`);
      expect(html.match(/<li class=card>/g)).toHaveLength(MONITORS);
      expect(html.match(/<li class=m>/g)?.length).toBeGreaterThan(500);
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(BUDGET_BYTES);
    },
  );
});
