// What a deployment changed for real visitors (issue 42, item 6): each vital's p75 over the 24
// hours before it and the 24 after, for the site and for its routes with enough page views on
// both sides. The hour the deployment fell in holds page views of both versions: it is left out.
import type { Kysely } from 'kysely';
import type { FieldImpact, FieldSide } from '../../../core/api/field.ts';
import { FIELD_METRICS } from '../../../core/api/field-vitals.ts';
import type { Database } from '../../platform/db/schema.ts';
import { mergeEncoded, type WindowMetrics } from './hour-metrics.ts';
import { ALL_ROUTES } from './page-view-buffer.ts';
import { quantile } from './sketch.ts';

const HOUR_MS = 3_600_000;
export const IMPACT_HOURS = 24;
/** A route is compared when each side has this many page views: fewer make a p75 of noise. */
export const MIN_ROUTE_PAGE_VIEWS = 30;
const MAX_ROUTES = 10;

interface Tally {
  pageViews: number;
  metrics: WindowMetrics;
}

function sideOf(tally: Tally | undefined): FieldSide {
  const side = { pageViews: tally?.pageViews ?? 0 } as FieldSide;
  for (const metric of FIELD_METRICS) {
    const sketch = tally?.metrics[metric]?.sketch;
    side[metric] = sketch ? quantile(sketch, metric, 0.75) : null;
  }
  return side;
}

/** Field impact per site id; sites with no page view on either side are left out. */
export async function fieldImpactBySite(
  db: Kysely<Database>,
  siteIds: readonly string[],
  deployedAt: number,
): Promise<Map<string, FieldImpact>> {
  if (siteIds.length === 0) return new Map();
  const hour = Math.floor(deployedAt / HOUR_MS) * HOUR_MS;
  const rows = await db
    .selectFrom('rum_hours')
    .select(['site_id', 'hour_at', 'route', 'page_views', 'metrics'])
    .where('site_id', 'in', siteIds)
    .where('hour_at', '>=', hour - IMPACT_HOURS * HOUR_MS)
    .where('hour_at', '<=', hour + IMPACT_HOURS * HOUR_MS)
    .where('hour_at', '<>', hour)
    .execute();
  // site → route → side → tally
  const sites = new Map<string, Map<string, { before?: Tally; after?: Tally }>>();
  for (const row of rows) {
    const routes = sites.get(row.site_id) ?? new Map<string, { before?: Tally; after?: Tally }>();
    sites.set(row.site_id, routes);
    const sides = routes.get(row.route) ?? {};
    routes.set(row.route, sides);
    const key = Number(row.hour_at) < hour ? 'before' : 'after';
    const tally = sides[key] ?? { pageViews: 0, metrics: {} };
    sides[key] = tally;
    tally.pageViews += row.page_views;
    mergeEncoded(tally.metrics, row.metrics);
  }
  const impact = new Map<string, FieldImpact>();
  for (const [siteId, routes] of sites) {
    const site = routes.get(ALL_ROUTES);
    if (!site) continue;
    const compared = [...routes]
      .filter(
        ([route, sides]) =>
          route !== ALL_ROUTES &&
          (sides.before?.pageViews ?? 0) >= MIN_ROUTE_PAGE_VIEWS &&
          (sides.after?.pageViews ?? 0) >= MIN_ROUTE_PAGE_VIEWS,
      )
      .sort(
        ([a, x], [b, y]) =>
          (y.before?.pageViews ?? 0) +
            (y.after?.pageViews ?? 0) -
            (x.before?.pageViews ?? 0) -
            (x.after?.pageViews ?? 0) || (a < b ? -1 : 1),
      )
      .slice(0, MAX_ROUTES);
    impact.set(siteId, {
      before: sideOf(site.before),
      after: sideOf(site.after),
      routes: compared.map(([route, sides]) => ({
        route,
        before: sideOf(sides.before),
        after: sideOf(sides.after),
      })),
    });
  }
  return impact;
}
