// Long windows read whole days from rum_days and only the partial days' hours from rum_hours: the
// figures are the same as merging every hour, and a 7-day window reads about 7 rows a route and
// device instead of 168.
import { afterEach, expect, it } from 'vitest';
import type { FieldReport } from '../../../core/api/field.ts';
import { decodeMetrics, type HourMetrics, mergeMetrics } from './hour-metrics.ts';
import { quantile } from './sketch.ts';
import { beaconBody, createRumApp, type RumApp, SITE_ORIGIN } from './test/rum-app.ts';
import { readWindowRows } from './window-rows.ts';

let r: RumApp;
afterEach(async () => {
  await r?.t.close();
});

const HOUR = 3_600_000;

it('reads whole days as days and the ends as hours, with the figures every hour gives', async () => {
  r = await createRumApp({ trustProxy: true });
  const owner = await r.user('pro');
  const { site, key } = await r.enabled(owner);
  // A page view every 5 hours for 9 days, each slower than the last, on two routes.
  let visitor = 0;
  for (let h = 0; h < 9 * 24; h += 5) {
    visitor += 1;
    const body = beaconBody({ url: `${SITE_ORIGIN}/${h % 2 ? 'a' : 'b'}`, metrics: { LCP: 500 + h * 20 } });
    expect((await r.beacon(key, body, { 'x-forwarded-for': `198.51.100.${visitor % 250}` })).status).toBe(
      204,
    );
    await r.t.rum.buffer.flush();
    r.clock.advance(5 * HOUR);
  }
  const { db } = r.t.database;
  const days = await db.selectFrom('rum_days').selectAll().execute();
  const hours = await db.selectFrom('rum_hours').selectAll().execute();
  // Each day row adds up its day's hour rows.
  const total = (rows: { page_views: number }[]) => rows.reduce((sum, row) => sum + row.page_views, 0);
  expect(total(days)).toBe(total(hours));
  expect(days.length).toBeLessThan(hours.length);

  const to = Math.floor(r.clock.now() / HOUR) * HOUR + HOUR;
  for (const span of [5, 30, 24 * 7, 24 * 7 + 13]) {
    const from = to - span * HOUR;
    const read = await readWindowRows(db, { siteIds: [site.id], from, to, routes: 'site' });
    const everyHour = hours.filter((row) => row.route === '*' && row.hour_at >= from && row.hour_at < to);
    expect(total(read), `${span} h`).toBe(total(everyHour));
    const p75 = (rows: { metrics: string }[]) => {
      const merged: HourMetrics = {};
      for (const row of rows) mergeMetrics(merged, decodeMetrics(row.metrics));
      return merged.lcp ? quantile(merged.lcp.sketch, 'lcp', 0.75) : null;
    };
    expect(p75(read), `${span} h`).toBe(p75(everyHour));
    if (span >= 24 * 7) expect(read.length, `${span} h`).toBeLessThan(everyHour.length);
  }

  // The API's 7-day figures, grouped by route, add up to the page views sent in those hours.
  const week = await r.json<FieldReport>(
    await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=7d&groupBy=route`),
    200,
  );
  const weekHours = hours.filter((row) => row.route === '*' && row.hour_at >= to - 7 * 24 * HOUR);
  expect(week.pageViews).toBe(total(weekHours));
  expect(week.groups.map((group) => group.key).sort()).toEqual(['/a', '/b']);
  expect(week.groups.reduce((sum, group) => sum + group.pageViews, 0)).toBe(week.pageViews);
});
