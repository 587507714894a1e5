// What a site's visitors saw over a range (issue 42, item 8): each vital's p75 and its good /
// needs-improvement / poor counts, for the whole site and grouped by route, device or day. Any
// window's figures are a merge of its hour rows' sketches.
import type { Kysely } from 'kysely';
import {
  ATTRIBUTED_METRICS,
  FIELD_RANGES_HOURS,
  type FieldAttribution,
  type FieldGrouping,
  type FieldMetricSummary,
  type FieldRange,
  type FieldReport,
} from '../../../core/api/field.ts';
import { FIELD_METRICS } from '../../../core/api/field-vitals.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import { getOwnedSiteRow } from '../repository.ts';
import { mergeEncoded, splitCulpritKey, topCulprits, type WindowMetrics } from './hour-metrics.ts';
import { ALL_ROUTES } from './page-view-buffer.ts';
import { quantile } from './sketch.ts';
import { readWindowRows } from './window-rows.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Culprits a report lists. */
const MAX_ATTRIBUTIONS = 20;

interface Tally {
  pageViews: number;
  metrics: WindowMetrics;
}

function summaryOf(metrics: WindowMetrics): FieldReport['metrics'] {
  return Object.fromEntries(
    FIELD_METRICS.map((metric): [string, FieldMetricSummary] => {
      const tally = metrics[metric];
      if (!tally) return [metric, { p75: null, good: 0, needsImprovement: 0, poor: 0, count: 0 }];
      const { good, needsImprovement, poor } = tally.ratings;
      return [
        metric,
        {
          p75: quantile(tally.sketch, metric, 0.75),
          good,
          needsImprovement,
          poor,
          count: good + needsImprovement + poor,
        },
      ];
    }),
  ) as FieldReport['metrics'];
}

export async function fieldReport(
  db: Kysely<Database>,
  clock: Clock,
  workspaceId: string,
  siteId: string,
  query: { range: FieldRange; groupBy: FieldGrouping },
): Promise<FieldReport> {
  await getOwnedSiteRow(db, workspaceId, siteId);
  const to = Math.floor(clock.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
  const from = to - FIELD_RANGES_HOURS[query.range] * HOUR_MS;
  const byRoute = query.groupBy === 'route';
  // The site's '*' rows hold its totals and culprits; grouped by route, the routes' rows too.
  const rows = await readWindowRows(db, { siteIds: [siteId], from, to, routes: byRoute ? 'all' : 'site' });
  const total: Tally = { pageViews: 0, metrics: {} };
  const groups = new Map<string, Tally>();
  for (const row of rows) {
    const isSite = row.route === ALL_ROUTES;
    if (isSite) {
      total.pageViews += row.page_views;
      mergeEncoded(total.metrics, row.metrics);
    }
    if (byRoute === isSite) continue;
    const key = groupKey(query.groupBy, row);
    if (key === null) continue;
    const group = groups.get(key) ?? { pageViews: 0, metrics: {} };
    group.pageViews += row.page_views;
    mergeEncoded(group.metrics, row.metrics);
    groups.set(key, group);
  }
  return {
    range: query.range,
    from,
    to,
    pageViews: total.pageViews,
    metrics: summaryOf(total.metrics),
    groups: [...groups]
      .map(([key, group]) => ({ key, pageViews: group.pageViews, metrics: summaryOf(group.metrics) }))
      // Days in order; routes and devices by page views, most first.
      .sort((a, b) =>
        query.groupBy === 'day'
          ? a.key < b.key
            ? -1
            : 1
          : b.pageViews - a.pageViews || (a.key < b.key ? -1 : 1),
      ),
    attribution: attributionOf(total.metrics),
  };
}

/** The culprits of the site's poor page views, across its vitals, the most poor page views first. */
function attributionOf(metrics: WindowMetrics): FieldAttribution[] {
  return ATTRIBUTED_METRICS.flatMap((metric) => {
    const tally = metrics[metric];
    if (!tally?.culprits || tally.ratings.poor === 0) return [];
    const poor = tally.ratings.poor;
    return topCulprits(tally.culprits, MAX_ATTRIBUTIONS).map(([key, count]) => ({
      metric,
      ...splitCulpritKey(key),
      count,
      share: count / poor,
    }));
  })
    .sort((a, b) => b.count - a.count || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
    .slice(0, MAX_ATTRIBUTIONS);
}

function groupKey(
  groupBy: FieldGrouping,
  row: { hour_at: number; route: string; device: string },
): string | null {
  if (groupBy === 'route') return row.route;
  if (groupBy === 'device') return row.device;
  if (groupBy === 'day')
    return new Date(Math.floor(Number(row.hour_at) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  return null;
}
