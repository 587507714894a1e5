// GET /api/v1/regions: the regions checks run from, each with its workers as they last reported.
// Workers are the installation's, not a workspace's: every signed-in member may see them.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import {
  monitorRegionsInputSchema,
  monitorRegionsSchema,
  REGION_OFFLINE_AFTER_MS,
  type Region,
  regionListSchema,
} from '../../core/api/regions.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { WorkerTable } from '../platform/db/worker-schema.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import { getMonitorRegions, updateMonitorRegions } from './monitor-regions.ts';

const list = createRoute({
  method: 'get',
  operationId: 'listRegions',
  path: '/regions',
  tags: ['Regions'],
  summary: 'Regions and their workers: online, last seen, checks per minute, lag',
  responses: {
    200: json(regionListSchema, 'The regions, by name'),
    401: json(errorSchema, 'Not signed in'),
  },
});

const idParams = z.object({ id: z.string().min(1).max(64) });
const monitorErrors = {
  400: json(errorSchema, 'Invalid path (validation_failed)'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'monitor_not_found: no such monitor in this workspace'),
  422: json(errorSchema, 'validation_failed, or unknown_region: no worker has checked from it'),
};
const getMonitor = createRoute({
  method: 'get',
  operationId: 'getMonitorRegions',
  path: '/monitors/{id}/regions',
  tags: ['Regions'],
  summary: 'The regions that check a monitor, its quorum, and what each region sees now',
  request: { params: idParams },
  responses: { 200: json(monitorRegionsSchema, "The monitor's regions"), ...monitorErrors },
});
const putMonitor = createRoute({
  method: 'put',
  operationId: 'setMonitorRegions',
  path: '/monitors/{id}/regions',
  tags: ['Regions'],
  summary:
    'Choose the regions that check a monitor (null: every live region) and its quorum (null: more than half)',
  request: { params: idParams, ...body(monitorRegionsInputSchema) },
  responses: { 200: json(monitorRegionsSchema, "The monitor's regions"), ...monitorErrors },
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
  api.openapi(getMonitor, async (c) =>
    c.json(await getMonitorRegions(db, requireWorkspace(c).id, c.req.valid('param').id, clock.now()), 200),
  );
  api.openapi(putMonitor, async (c) =>
    c.json(
      await updateMonitorRegions(
        db,
        requireCaller(c),
        clock.now(),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
}
