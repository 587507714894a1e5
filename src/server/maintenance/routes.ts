// /api/v1/maintenance-windows: each handler parses, authorises (a session or an API key; writes
// need the member role, which the role guard checks by method), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  maintenanceWindowInputSchema,
  maintenanceWindowListSchema,
  maintenanceWindowSchema,
  maintenanceWindowUpdateSchema,
} from '../../core/api/maintenance.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { MaintenanceService } from './service.ts';
import { mountMaintenanceUpdateRoutes } from './update-routes.ts';

const tags = ['Maintenance windows'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed, invalid_cursor)'),
  401: json(errorSchema, 'Not signed in, or no valid API key'),
  403: json(errorSchema, 'forbidden_role: changing windows needs the member role'),
  404: json(errorSchema, 'maintenance_window_not_found or monitor_not_found: not in this workspace'),
  422: json(
    errorSchema,
    'validation_failed (a field it cannot accept, named first; an unknown time zone too) or window_in_past',
  ),
};
const idParams = z.object({ id: z.string().min(1).max(64) });
const listQuery = z.object({
  state: z
    .enum(['open', 'completed'])
    .optional()
    .meta({ description: 'open: upcoming or in progress; completed: no occurrence left' }),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
const windowAnswer = (description: string) => json(maintenanceWindowSchema, description);

const list = createRoute({
  method: 'get',
  operationId: 'listMaintenanceWindows',
  path: '/maintenance-windows',
  tags,
  summary: 'List maintenance windows, newest first, each with its state and next occurrences',
  request: { query: listQuery },
  responses: { 200: json(maintenanceWindowListSchema, 'A page of windows'), ...errors },
});
const create = createRoute({
  method: 'post',
  operationId: 'createMaintenanceWindow',
  path: '/maintenance-windows',
  tags,
  summary: 'Schedule a one-off or recurring window for some monitors (monitorIds) or all ([])',
  request: body(maintenanceWindowInputSchema),
  responses: { 201: windowAnswer('The scheduled window'), ...errors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getMaintenanceWindow',
  path: '/maintenance-windows/{id}',
  tags,
  summary: 'Get a maintenance window',
  request: { params: idParams },
  responses: { 200: windowAnswer('The window'), ...errors },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateMaintenanceWindow',
  path: '/maintenance-windows/{id}',
  tags,
  summary: 'Change a window; a new schedule counts from now, an occurrence in progress runs on',
  request: { params: idParams, ...body(maintenanceWindowUpdateSchema) },
  responses: { 200: windowAnswer('The changed window'), ...errors },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteMaintenanceWindow',
  path: '/maintenance-windows/{id}',
  tags,
  summary: 'Delete a window; its monitors leave maintenance at once',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
const start = createRoute({
  method: 'post',
  operationId: 'startMaintenanceWindow',
  path: '/maintenance-windows/{id}/start',
  tags,
  summary: 'Start now: an occurrence from now for the window’s duration, in force from the next check',
  request: { params: idParams },
  responses: { 200: windowAnswer('The window, in progress'), ...errors },
});
const end = createRoute({
  method: 'post',
  operationId: 'endMaintenanceWindow',
  path: '/maintenance-windows/{id}/end',
  tags,
  summary: 'End now: the occurrence in progress finishes; scheduled ones still come',
  request: { params: idParams },
  responses: {
    200: windowAnswer('The window, no longer in progress'),
    ...errors,
    409: json(errorSchema, 'window_not_in_progress'),
  },
});

export function mountMaintenanceRoutes(api: OpenAPIHono<AppEnv>, windows: MaintenanceService): void {
  api.openapi(list, async (c) =>
    c.json(await windows.list(requireWorkspace(c).id, c.req.valid('query')), 200),
  );
  api.openapi(create, async (c) => c.json(await windows.create(requireCaller(c), c.req.valid('json')), 201));
  api.openapi(get, async (c) =>
    c.json(await windows.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(update, async (c) =>
    c.json(await windows.update(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(remove, async (c) => {
    await windows.delete(requireCaller(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  api.openapi(start, async (c) =>
    c.json(await windows.start(requireCaller(c), c.req.valid('param').id), 200),
  );
  api.openapi(end, async (c) => c.json(await windows.end(requireCaller(c), c.req.valid('param').id), 200));
  mountMaintenanceUpdateRoutes(api, windows.updates);
}
