// The site-wide p75 of a field budget's window: the site's '*' rows (every device) in the hours
// before `end` (whole days read as days), merged.
import type { Kysely } from 'kysely';
import type { FieldMetric } from '../../../core/api/field-vitals.ts';
import { FIELD_BUDGET_WINDOW_HOURS, type FieldBudgetWindow } from '../../../core/api/performance.ts';
import type { Database } from '../../platform/db/schema.ts';
import { mergeEncoded, type WindowMetrics } from '../field/hour-metrics.ts';
import { quantile } from '../field/sketch.ts';
import { readWindowRows } from '../field/window-rows.ts';
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
  // One read a window: a shorter window needs the hours of a day a longer one reads whole.
  const merged = new Map<FieldBudgetWindow, WindowMetrics>();
  for (const window of new Set(windows)) {
    const rows = await readWindowRows(db, {
      siteIds: [siteId],
      from: end - FIELD_BUDGET_WINDOW_HOURS[window] * HOUR_MS,
      to: end,
      routes: 'site',
    });
    const into: WindowMetrics = {};
    for (const row of rows) mergeEncoded(into, row.metrics);
    merged.set(window, into);
  }
  return (window, metric) => {
    const tally = merged.get(window)?.[metric];
    if (!tally) return { p75: null, pageViews: 0 };
    const { good, needsImprovement, poor } = tally.ratings;
    return { p75: quantile(tally.sketch, metric, 0.75), pageViews: good + needsImprovement + poor };
  };
}
