// GET /api/v1/regions: the regions checks run from, each with its workers as they last reported.
// Workers are the installation's, not a workspace's: every signed-in member may see them.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { REGION_OFFLINE_AFTER_MS, type Region, regionListSchema } from '../../core/api/regions.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { WorkerTable } from '../db/worker-schema.ts';
import { json } from '../http/openapi.ts';
import { type AppEnv, requireWorkspace } from '../http/session.ts';

const list = createRoute({
  method: 'get',
  path: '/regions',
  tags: ['Regions'],
  summary: 'Regions and their workers: online, last seen, checks per minute, lag',
  responses: {
    200: json(regionListSchema, 'The regions, by name'),
    401: json(errorSchema, 'Not signed in'),
  },
});

export function regionsOf(rows: readonly WorkerTable[], now: number): Region[] {
  const byRegion = new Map<string, WorkerTable[]>();
  for (const row of rows) byRegion.set(row.region, [...(byRegion.get(row.region) ?? []), row]);
  return [...byRegion.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, workers]) => {
      const running = workers.filter((worker) => worker.stopped_at === null);
      const lastSeenAt = Math.max(...workers.map((worker) => worker.last_seen_at));
      return {
        name,
        // A worker restarting, or found dead and replaced, does not take its region offline at once.
        online: lastSeenAt >= now - REGION_OFFLINE_AFTER_MS,
        lastSeenAt,
        checksPerMinute: running.reduce((sum, worker) => sum + worker.checks_per_minute, 0),
        workers: workers
          .sort((a, b) => b.last_seen_at - a.last_seen_at)
          .map((worker) => ({
            id: worker.id,
            host: worker.host,
            pid: worker.pid,
            startedAt: worker.started_at,
            lastSeenAt: worker.last_seen_at,
            stoppedAt: worker.stopped_at,
            checksPerMinute: worker.checks_per_minute,
            lagP99Ms: worker.lag_p99_ms,
          })),
      };
    });
}

export function mountRegionRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>, clock: Clock): void {
  api.openapi(list, async (c) => {
    requireWorkspace(c);
    const rows = await db.selectFrom('workers').selectAll().execute();
    return c.json({ regions: regionsOf(rows, clock.now()) }, 200);
  });
}
