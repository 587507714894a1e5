// /api/v1/performance/sites: each handler parses, authorises (session or API key), calls the
// service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  performanceRunListSchema,
  performanceRunSchema,
  performanceSiteInputSchema,
  performanceSiteListSchema,
  performanceSiteSchema,
  performanceSiteUpdateSchema,
} from '../../core/api/performance.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import { toRun } from './repository.ts';
import type { PerformanceService } from './service.ts';

const tags = ['Performance'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in, or no valid API key'),
  403: json(
    errorSchema,
    'performance_site_limit_reached, performance_runs_exhausted, or feature_not_in_plan (budgets)',
  ),
  404: json(errorSchema, 'performance_site_not_found or monitor_not_found: not in your account'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });
const runsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const list = createRoute({
  method: 'get',
  operationId: 'listPerformanceSites',
  path: '/performance/sites',
  tags,
  summary: 'List performance sites with their latest run, trend and budget status',
  responses: { 200: json(performanceSiteListSchema, 'The sites'), ...errors },
});
const create = createRoute({
  method: 'post',
  operationId: 'createPerformanceSite',
  path: '/performance/sites',
  tags,
  summary: 'Add a performance site (counts against performance_sites)',
  request: body(performanceSiteInputSchema),
  responses: { 201: json(performanceSiteSchema, 'The new site'), ...errors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getPerformanceSite',
  path: '/performance/sites/{id}',
  tags,
  summary: 'Get a performance site',
  request: { params: idParams },
  responses: { 200: json(performanceSiteSchema, 'The site'), ...errors },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updatePerformanceSite',
  path: '/performance/sites/{id}',
  tags,
  summary: 'Change a performance site (budgets need performance budgets in the plan)',
  request: { params: idParams, ...body(performanceSiteUpdateSchema) },
  responses: { 200: json(performanceSiteSchema, 'The site'), ...errors },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deletePerformanceSite',
  path: '/performance/sites/{id}',
  tags,
  summary: 'Delete a performance site and its runs',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
const runs = createRoute({
  method: 'get',
  operationId: 'listPerformanceRuns',
  path: '/performance/sites/{id}/runs',
  tags,
  summary: "A site's runs, newest first",
  request: { params: idParams, query: runsQuery },
  responses: { 200: json(performanceRunListSchema, 'A page of runs'), ...errors },
});
const runNow = createRoute({
  method: 'post',
  operationId: 'createPerformanceRun',
  path: '/performance/sites/{id}/runs',
  tags,
  summary: "'Run now': queue a run (consumes one performance_runs unit)",
  request: { params: idParams },
  responses: { 202: json(performanceRunSchema, 'The queued run'), ...errors },
});

export function mountPerformanceRoutes(api: OpenAPIHono<AppEnv>, service: PerformanceService): void {
  api.openapi(list, async (c) => c.json({ sites: await service.list(requireWorkspace(c).id) }, 200));
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
  api.openapi(runs, async (c) =>
    c.json(
      await service.listRuns(requireWorkspace(c).id, c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  );
  api.openapi(runNow, async (c) =>
    c.json(toRun(await service.runNow(requireCaller(c), c.req.valid('param').id)), 202),
  );
}
