// Status page CRUD under /api/v1: each handler parses, authorises (session user), calls the
// service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  statusPageInputSchema,
  statusPageListSchema,
  statusPageSchema,
  statusPageUpdateSchema,
} from '../../core/api/status-pages.ts';
import { lowestPlanWith } from '../../core/plans.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { StatusPageService } from './service.ts';

const tags = ['Status pages'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in'),
  403: json(
    errorSchema,
    `feature_not_in_plan: removing branding needs the ${lowestPlanWith('removeBranding').displayName} plan or higher`,
  ),
  404: json(errorSchema, 'status_page_not_found or monitor_not_found: not in your account'),
};
const writeErrors = { ...errors, 409: json(errorSchema, 'slug_taken: another page uses the slug') };
const page = json(statusPageSchema, 'The status page');

const list = createRoute({
  method: 'get',
  operationId: 'listStatusPages',
  path: '/status-pages',
  tags,
  summary: 'List your status pages with their live state',
  responses: { 200: json(statusPageListSchema, 'Your status pages, oldest first'), ...errors },
});
const create = createRoute({
  method: 'post',
  operationId: 'createStatusPage',
  path: '/status-pages',
  tags,
  summary: 'Create a status page',
  request: body(statusPageInputSchema),
  responses: { 201: json(statusPageSchema, 'The new status page'), ...writeErrors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getStatusPage',
  path: '/status-pages/{id}',
  tags,
  summary: 'Get a status page',
  request: { params: idParams },
  responses: { 200: page, ...errors },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateStatusPage',
  path: '/status-pages/{id}',
  tags,
  summary: 'Change a status page; monitors, when given, replace the list',
  request: { params: idParams, ...body(statusPageUpdateSchema) },
  responses: { 200: page, ...writeErrors },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteStatusPage',
  path: '/status-pages/{id}',
  tags,
  summary: 'Delete a status page (its monitors stay)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});

export function mountStatusPageRoutes(api: OpenAPIHono<AppEnv>, service: StatusPageService): void {
  api.openapi(list, async (c) => c.json({ statusPages: await service.list(requireWorkspace(c).id) }, 200));
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
}
