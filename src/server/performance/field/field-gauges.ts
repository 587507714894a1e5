// Each RUM site's field figures for the workspace's /metrics (issue 42, item 8): page views and
// each vital's p75 over the last 24 hours and 28 days, merged from the site's '*' rows (whole days
// and the hours at either end, whatever its routes).
import type { Kysely } from 'kysely';
import { FIELD_METRICS, type FieldMetric } from '../../../core/api/field-vitals.ts';
import type { Database } from '../../platform/db/schema.ts';
import { mergeEncoded, type WindowMetrics } from './hour-metrics.ts';
import { quantile } from './sketch.ts';
import { readWindowRows } from './window-rows.ts';

const HOUR_MS = 3_600_000;
/** The windows /metrics reports: the last day, and the 28 days Google's field data spans. */
export const GAUGE_WINDOWS = { '24h': 24, '28d': 28 * 24 } as const;
export type GaugeWindow = keyof typeof GAUGE_WINDOWS;

export interface SiteFieldFigures {
  siteId: string;
  site: string;
  window: GaugeWindow;
  pageViews: number;
  /** CLS unitless, the rest in milliseconds; a vital no page view measured is absent. */
  p75: Partial<Record<FieldMetric, number>>;
}

export async function fieldFigures(
  db: Kysely<Database>,
  workspaceId: string,
  now: number,
): Promise<SiteFieldFigures[]> {
  const sites = await db
    .selectFrom('rum_sites as r')
    .innerJoin('performance_sites as s', 's.id', 'r.site_id')
    .select(['r.site_id', 's.name'])
    .where('r.workspace_id', '=', workspaceId)
    .where('r.first_page_view_at', 'is not', null)
    .orderBy('s.name')
    .execute();
  // The hour now under way counts: a window ends with it, as the field report's do.
  const to = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  const figures: SiteFieldFigures[] = [];
  for (const { site_id: siteId, name } of sites) {
    for (const window of Object.keys(GAUGE_WINDOWS) as GaugeWindow[]) {
      const from = to - GAUGE_WINDOWS[window] * HOUR_MS;
      const rows = await readWindowRows(db, { siteIds: [siteId], from, to, routes: 'site' });
      let pageViews = 0;
      const merged: WindowMetrics = {};
      for (const row of rows) {
        pageViews += row.page_views;
        mergeEncoded(merged, row.metrics);
      }
      const p75: SiteFieldFigures['p75'] = {};
      for (const metric of FIELD_METRICS) {
        const tally = merged[metric];
        const value = tally ? quantile(tally.sketch, metric, 0.75) : null;
        if (value !== null) p75[metric] = value;
      }
      figures.push({ siteId, site: name, window, pageViews, p75 });
    }
  }
  return figures;
}
