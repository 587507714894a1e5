// A site counts at most MAX_ROUTES routes (issue 42, item 3); page views of any further route
// are counted under OTHER_ROUTE, so a site whose paths carry identifiers the templating misses
// cannot grow without bound. Each process learns a site's routes from its rows once, then
// remembers the ones it adds.
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { ALL_ROUTES } from './page-view-buffer.ts';

export const MAX_ROUTES = 500;
export const OTHER_ROUTE = 'other';
/** Sites whose routes are remembered; past it the oldest is read again when next seen. */
const MAX_SITES = 10_000;

export function createRouteCap(db: Kysely<Database>) {
  const known = new Map<string, Promise<Set<string>>>();

  async function routesOf(siteId: string): Promise<Set<string>> {
    // The day rows name every route the hours do, in a 24th of the rows.
    const rows = await db
      .selectFrom('rum_days')
      .select('route')
      .distinct()
      .where('site_id', '=', siteId)
      .where('route', 'not in', [ALL_ROUTES, OTHER_ROUTE])
      .limit(MAX_ROUTES)
      .execute();
    return new Set(rows.map((row) => row.route));
  }

  return {
    async routeFor(siteId: string, route: string): Promise<string> {
      let routes = known.get(siteId);
      if (!routes) {
        if (known.size >= MAX_SITES) known.delete(known.keys().next().value as string);
        routes = routesOf(siteId);
        known.set(siteId, routes);
        routes.catch(() => known.delete(siteId));
      }
      const set = await routes;
      if (set.has(route)) return route;
      if (set.size >= MAX_ROUTES) return OTHER_ROUTE;
      set.add(route);
      return route;
    },
  };
}
