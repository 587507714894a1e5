// /api/v1/monitors: each handler parses, authorises (session user), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { monitorSummarySchema } from '../../core/api/monitor-summary.ts';
import {
  MONITOR_STATUSES,
  monitorInputSchema,
  monitorListSchema,
  monitorSchema,
  monitorUpdateSchema,
} from '../../core/api/monitors.ts';
import { monitorStats } from '../history/report.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import { listMonitors } from './list.ts';
import type { MonitorService } from './service.ts';
import { monitorSummary } from './summary.ts';

const tags = ['Monitors'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such monitor in your account'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });

const list = createRoute({
  method: 'get',
  operationId: 'listMonitors',
  path: '/monitors',
  tags,
  summary: 'List monitors',
  request: {
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      q: z.string().trim().max(200).optional(),
      status: z.enum(MONITOR_STATUSES).optional(),
      include: z
        .enum(['stats'])
        .optional()
        .meta({ description: 'stats adds uptime 24 h / 30 d, average response and a sparkline' }),
    }),
  },
  responses: { 200: json(monitorListSchema, 'A page of monitors'), ...errors },
});
const summary = createRoute({
  method: 'get',
  operationId: 'getMonitorSummary',
  path: '/monitors/summary',
  tags,
  summary: 'Counts of all your monitors by status, and your open incidents',
  responses: { 200: json(monitorSummarySchema, 'The counts'), 401: errors[401] },
});
const create = createRoute({
  method: 'post',
  operationId: 'createMonitor',
  path: '/monitors',
  tags,
  summary: 'Create a monitor',
  request: { body: { content: { 'application/json': { schema: monitorInputSchema } }, required: true } },
  responses: {
    201: json(monitorSchema, 'The new monitor'),
    ...errors,
    403: json(errorSchema, 'monitor_limit_reached or interval_below_plan_minimum'),
    422: json(errorSchema, 'validation_failed (the field named first) or private_target (a private address)'),
  },
});
const get = createRoute({
  method: 'get',
  operationId: 'getMonitor',
  path: '/monitors/{id}',
  tags,
  summary: 'Get a monitor',
  request: { params: idParams },
  responses: { 200: json(monitorSchema, 'The monitor'), ...errors },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateMonitor',
  path: '/monitors/{id}',
  tags,
  summary: 'Update a monitor',
  request: {
    params: idParams,
    body: { content: { 'application/json': { schema: monitorUpdateSchema } }, required: true },
  },
  responses: {
    200: json(monitorSchema, 'The updated monitor'),
    ...errors,
    403: json(errorSchema, 'interval_below_plan_minimum'),
    422: json(errorSchema, 'validation_failed (the field named first) or private_target'),
  },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteMonitor',
  path: '/monitors/{id}',
  tags,
  summary: 'Delete a monitor and its history',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
const action = (verb: 'pause' | 'resume' | 'check', summary: string) =>
  createRoute({
    method: 'post',
    operationId: `${verb}Monitor`,
    path: `/monitors/{id}/${verb}`,
    tags,
    summary,
    request: { params: idParams },
    responses: {
      200: json(monitorSchema, 'The monitor'),
      ...errors,
      409: json(errorSchema, 'monitor_paused, or monitor_pushed for a heartbeat'),
    },
  });

export function mountMonitorRoutes(
  api: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  clock: Clock,
  service: MonitorService,
  publicUrl: string,
): void {
  api.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const page = await listMonitors(db, requireWorkspace(c).id, query, clock.now(), publicUrl);
    if (query.include !== 'stats') return c.json(page, 200);
    const ids = page.monitors.map((monitor) => monitor.id);
    const stats = await monitorStats(db, ids, clock.now());
    const monitors = page.monitors.map((monitor) => ({ ...monitor, stats: stats.get(monitor.id) }));
    return c.json({ ...page, monitors }, 200);
  });
  // Before /monitors/{id}, which would otherwise take "summary" for an id.
  api.openapi(summary, async (c) =>
    c.json(await monitorSummary(db, requireWorkspace(c).id, clock.now()), 200),
  );
  api.openapi(create, async (c) => c.json(await service.create(requireCaller(c), c.req.valid('json')), 201));
  api.openapi(get, async (c) =>
    c.json(await service.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(update, async (c) =>
    c.json(await service.update(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(remove, async (c) => {
    await service.delete(requireCaller(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  api.openapi(action('pause', 'Pause checks'), async (c) =>
    c.json(await service.pause(requireCaller(c), c.req.valid('param').id), 200),
  );
  api.openapi(action('resume', 'Resume checks'), async (c) =>
    c.json(await service.resume(requireCaller(c), c.req.valid('param').id), 200),
  );
  api.openapi(action('check', 'Check now'), async (c) =>
    c.json(await service.checkNow(requireCaller(c), c.req.valid('param').id), 200),
  );
}
