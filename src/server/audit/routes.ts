// GET /api/v1/audit-events: the workspace's audit log, for every role (viewers read everything).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { auditEventListSchema, auditQuerySchema } from '../../core/api/audit.ts';
import { errorSchema } from '../../core/api/errors.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import { listAuditEvents } from './list.ts';

const list = createRoute({
  method: 'get',
  operationId: 'listAuditEvents',
  path: '/audit-events',
  tags: ['Audit log'],
  summary: 'Who changed what in the workspace, newest first',
  request: { query: auditQuerySchema },
  responses: {
    200: json(auditEventListSchema, 'A page of audit events'),
    400: json(errorSchema, 'validation_failed, invalid_range or invalid_cursor'),
    401: json(errorSchema, 'Not signed in'),
  },
});

export function mountAuditRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>): void {
  api.openapi(list, async (c) =>
    c.json(await listAuditEvents(db, requireWorkspace(c).id, c.req.valid('query')), 200),
  );
}
