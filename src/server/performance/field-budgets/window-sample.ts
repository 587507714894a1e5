// The site-wide p75 of a field budget's window: the site's '*' hour rows (every device) in the
// hours before `end`, merged. One read serves every window the site's budgets ask for.
import type { Kysely } from 'kysely';
import type { FieldMetric } from '../../../core/api/field-vitals.ts';
import { FIELD_BUDGET_WINDOW_HOURS, type FieldBudgetWindow } from '../../../core/api/performance.ts';
import type { Database } from '../../platform/db/schema.ts';
import { decodeMetrics, type HourMetrics, mergeMetrics } from '../field/hour-metrics.ts';
import { ALL_ROUTES } from '../field/page-view-buffer.ts';
import { quantile } from '../field/sketch.ts';
import type { WindowSample } from './streak.ts';

export const HOUR_MS = 3_600_000;

export type WindowSampler = (window: FieldBudgetWindow, metric: FieldMetric) => WindowSample;

/** Reads the hours `windows` cover up to `end` (exclusive) and answers each window's figures. */
export async function readWindows(
  db: Kysely<Database>,
  siteId: string,
  end: number,
  windows: readonly FieldBudgetWindow[],
): Promise<WindowSampler> {
  const longest = Math.max(...windows.map((window) => FIELD_BUDGET_WINDOW_HOURS[window]));
  const rows = await db
    .selectFrom('rum_hours')
    .select(['hour_at', 'metrics'])
    .where('site_id', '=', siteId)
    .where('route', '=', ALL_ROUTES)
    .where('hour_at', '>=', end - longest * HOUR_MS)
    .where('hour_at', '<', end)
    .execute();
  const merged = new Map<FieldBudgetWindow, HourMetrics>(windows.map((window) => [window, {}]));
  for (const row of rows) {
    const metrics = decodeMetrics(row.metrics);
    for (const [window, into] of merged) {
      if (Number(row.hour_at) >= end - FIELD_BUDGET_WINDOW_HOURS[window] * HOUR_MS)
        mergeMetrics(into, metrics);
    }
  }
  return (window, metric) => {
    const tally = merged.get(window)?.[metric];
    if (!tally) return { p75: null, pageViews: 0 };
    const { good, needsImprovement, poor } = tally.ratings;
    return { p75: quantile(tally.sketch, metric, 0.75), pageViews: good + needsImprovement + poor };
  };
}
