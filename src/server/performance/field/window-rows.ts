// The stored rows that cover a window of hours: the whole UTC days inside it from rum_days, and
// the hours of the partial days at either end from rum_hours. A 90-day window of a route on a
// device is about 90 rows, not 2,160; the rows merge the same way whichever table they come from.
import type { Kysely } from 'kysely';
import type { RumHourTable } from '../../platform/db/rum-schema.ts';
import type { Database } from '../../platform/db/schema.ts';
import { ALL_ROUTES } from './page-view-buffer.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type WindowRow = Pick<
  RumHourTable,
  'site_id' | 'hour_at' | 'route' | 'device' | 'page_views' | 'metrics'
>;

export interface WindowQuery {
  siteIds: readonly string[];
  /** Hour boundaries: [from, to). */
  from: number;
  to: number;
  /** The site's '*' rows only, or its routes' rows too. */
  routes: 'site' | 'all';
}

export async function readWindowRows(db: Kysely<Database>, query: WindowQuery): Promise<WindowRow[]> {
  const { siteIds, from, to } = query;
  if (siteIds.length === 0 || to <= from) return [];
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  const columns = ['site_id', 'hour_at', 'route', 'device', 'page_views', 'metrics'] as const;
  const hours = (start: number, end: number) =>
    db
      .selectFrom('rum_hours')
      .select(columns)
      .where('site_id', 'in', siteIds)
      .where('hour_at', '>=', start)
      .where('hour_at', '<', end)
      .$if(query.routes === 'site', (select) => select.where('route', '=', ALL_ROUTES))
      .execute();
  // No whole day inside: hours only.
  if (firstDay >= lastDay) return hours(from, to);
  const days = await db
    .selectFrom('rum_days')
    .select(columns)
    .where('site_id', 'in', siteIds)
    .where('hour_at', '>=', firstDay)
    .where('hour_at', '<', lastDay)
    .$if(query.routes === 'site', (select) => select.where('route', '=', ALL_ROUTES))
    .execute();
  return [...(await hours(from, firstDay)), ...days, ...(await hours(lastDay, to))];
}
