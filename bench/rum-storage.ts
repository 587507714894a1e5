// The RUM bench's storage figures, in this process on SQLite: bytes of one hour row (its sketches
// and counts) at 10 and at 100,000 page views, and how long the field report takes over 90 days of
// a site with 200 routes: 2,160 hours of the site's rows on three devices, and each route's rows
// on its device in every hour (438,480 hour rows), and the same by day (18,270 day rows).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIELD_RANGES_HOURS } from '../src/core/api/field.ts';
import { fieldReport } from '../src/server/performance/field/field-report.ts';
import { addMetrics, encodeMetrics, type HourMetrics } from '../src/server/performance/field/hour-metrics.ts';
import { ManualClock } from '../src/server/platform/clock.ts';
import { connectDatabase } from '../src/server/platform/db/connect.ts';
import { migrateToLatest } from '../src/server/platform/db/migrate.ts';
import { insertSite } from '../src/server/retention/test/rows.ts';
import { insertOwner } from '../src/server/test/monitor-rows.ts';

const HOUR_MS = 3_600_000;
const ROUTES = 200;
const DEVICES = ['mobile', 'desktop', 'tablet'];

/** A deterministic spread of page views' vitals, long-tailed as real visits are. */
function pageView(n: number) {
  const spread = (base: number, scale: number) => base * Math.exp((((n * 7919) % 1000) / 1000) * scale);
  return {
    lcp: spread(1200, 1.6),
    inp: spread(70, 2),
    cls: ((n * 31) % 100) / 300,
    fcp: spread(700, 1.3),
    ttfb: spread(120, 1.6),
  };
}

/** A row of `views` page views; the site's '*' rows count culprits, routes' rows do not (as the buffer writes them). */
function metricsOf(views: number, offset = 0, site = false): string {
  const metrics: HourMetrics = {};
  for (let i = 0; i < views; i += 1) {
    const culprits = { lcp: `/p/:id\u0000img.hero-${i % 25}`, inp: `/cart\u0000#buy-${i % 25}` };
    addMetrics(metrics, pageView(i + offset), site ? culprits : {});
  }
  return encodeMetrics(metrics);
}

/** Every column's bytes as stored text or numbers: what a row costs whatever the views in it. */
function rowBytes(metrics: string): number {
  const fixed = 36 + 8 + '/p/:id'.length + 'mobile'.length + 36 + 8;
  return fixed + Buffer.byteLength(metrics);
}

async function timed(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0).toFixed(1));
  return { p50_ms: at(0.5), p95_ms: at(0.95), runs };
}

export async function rumStorage() {
  const small = metricsOf(10, 0, true);
  const large = metricsOf(100_000, 0, true);
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-bench-rum-rows-'));
  const handle = connectDatabase({ dialect: 'sqlite', file: path.join(dir, 'upwatch.db') });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const now = Date.UTC(2026, 11, 7, 12);
    const workspaceId = await insertOwner(handle.db, 'sqlite');
    const siteId = await insertSite(handle.db, workspaceId, now);
    const hours = FIELD_RANGES_HOURS['90d'];
    // Whole days, so each day's rows hold its 24 hours.
    const first = Math.floor(now / (24 * HOUR_MS)) * 24 * HOUR_MS - (hours - 24) * HOUR_MS;
    const seeded = performance.now();
    // A few distinct hour rows, reused: seeding is the database's work, not the sketches'.
    const siteMetrics = [metricsOf(300, 0, true), metricsOf(300, 1, true), metricsOf(300, 2, true)];
    const routeMetrics = [metricsOf(5, 0), metricsOf(5, 3), metricsOf(5, 7)];
    const siteDays = [metricsOf(7200, 0, true), metricsOf(7200, 1, true), metricsOf(7200, 2, true)];
    const routeDays = [metricsOf(120, 0), metricsOf(120, 3), metricsOf(120, 7)];
    let rows = 0;
    for (let h = 0; h < hours; h += 1) {
      const hourAt = first + h * HOUR_MS;
      const values = [
        ...DEVICES.map((device, d) => ({
          route: '*',
          device,
          page_views: 300,
          metrics: siteMetrics[d] ?? '',
        })),
        ...Array.from({ length: ROUTES }, (_, r) => ({
          route: `/c/${r}/p/:id`,
          device: DEVICES[r % 3] ?? 'mobile',
          page_views: 5,
          metrics: routeMetrics[r % 3] ?? '',
        })),
      ].map((row) => ({ ...row, site_id: siteId, hour_at: hourAt, workspace_id: workspaceId }));
      await handle.db.insertInto('rum_hours').values(values).execute();
      rows += values.length;
      // Each day's rows, as the buffer adds them up: a day of the hours above.
      if ((h + 1) % 24 === 0) {
        const dayAt = hourAt - 23 * HOUR_MS;
        const days = values.map((row, i) => ({
          ...row,
          hour_at: dayAt,
          page_views: row.page_views * 24,
          metrics: i < DEVICES.length ? (siteDays[i] ?? '') : (routeDays[i % 3] ?? ''),
        }));
        await handle.db.insertInto('rum_days').values(days).execute();
        rows += days.length;
      }
    }
    const seedSeconds = Number(((performance.now() - seeded) / 1000).toFixed(1));
    const clock = new ManualClock(now);
    const report =
      (groupBy: 'none' | 'route', range: '28d' | '90d' = '90d') =>
      () =>
        fieldReport(handle.db, clock, workspaceId, siteId, { range, groupBy });
    return {
      row_bytes: {
        at_10_page_views: rowBytes(small),
        at_100000_page_views: rowBytes(large),
      },
      report_90d_200_routes: {
        rows,
        seed_seconds: seedSeconds,
        site_p75: await timed(20, report('none')),
        grouped_by_route: await timed(5, report('route')),
        // The field panel's own range: it opens on 28 days.
        grouped_by_route_28d: await timed(10, report('route', '28d')),
      },
    };
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
