// /api/v1/maintenance-windows/{id}/updates: each handler parses, authorises (a session or an API
// key; writes need the member role, which the role guard checks by method), calls, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  MAX_MAINTENANCE_UPDATES,
  maintenanceUpdateInputSchema,
  maintenanceUpdateListSchema,
  maintenanceUpdateSchema,
} from '../../core/api/maintenance-updates.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { MaintenanceUpdates } from './updates.ts';

const tags = ['Maintenance windows'];
const errors = {
  400: json(errorSchema, 'Invalid path (validation_failed)'),
  401: json(errorSchema, 'Not signed in, or no valid API key'),
  403: json(errorSchema, 'forbidden_role: posting and deleting updates needs the member role'),
  404: json(errorSchema, 'maintenance_window_not_found or maintenance_update_not_found'),
  422: json(errorSchema, 'validation_failed: the message is empty or too long'),
};
const windowParams = z.object({ id: z.string().min(1).max(64) });
const updateParams = windowParams.extend({ updateId: z.string().min(1).max(64) });

const list = createRoute({
  method: 'get',
  operationId: 'listMaintenanceUpdates',
  path: '/maintenance-windows/{id}/updates',
  tags,
  summary: "List a window's public updates, newest first",
  request: { params: windowParams },
  responses: { 200: json(maintenanceUpdateListSchema, 'The updates'), ...errors },
});
const post = createRoute({
  method: 'post',
  operationId: 'createMaintenanceUpdate',
  path: '/maintenance-windows/{id}/updates',
  tags,
  summary: 'Post a public update, shown under the window on status pages that show it',
  request: { params: windowParams, ...body(maintenanceUpdateInputSchema) },
  responses: {
    201: json(maintenanceUpdateSchema, 'The posted update'),
    ...errors,
    409: json(errorSchema, `update_limit_reached: a window keeps at most ${MAX_MAINTENANCE_UPDATES}`),
  },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteMaintenanceUpdate',
  path: '/maintenance-windows/{id}/updates/{updateId}',
  tags,
  summary: 'Delete a public update',
  request: { params: updateParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});

export function mountMaintenanceUpdateRoutes(api: OpenAPIHono<AppEnv>, updates: MaintenanceUpdates): void {
  api.openapi(list, async (c) =>
    c.json({ updates: await updates.list(requireWorkspace(c).id, c.req.valid('param').id) }, 200),
  );
  api.openapi(post, async (c) =>
    c.json(await updates.post(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  api.openapi(remove, async (c) => {
    const { id, updateId } = c.req.valid('param');
    await updates.delete(requireCaller(c), id, updateId);
    return c.body(null, 204);
  });
}
