// /api/v1/workspaces: the workspaces the caller belongs to, their role in each, and which one
// this session works in (the header shows its name).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { workspaceListSchema } from '../../core/api/workspaces.ts';
import type { Database } from '../db/schema.ts';
import { json } from '../http/openapi.ts';
import { type AppEnv, requireUser, requireWorkspace } from '../http/session.ts';

const list = createRoute({
  method: 'get',
  path: '/workspaces',
  tags: ['Workspaces'],
  summary: 'Your workspaces, your role in each, and the one you work in',
  responses: {
    200: json(workspaceListSchema, 'The workspaces'),
    401: json(errorSchema, 'Not signed in'),
  },
});

export function mountWorkspaceRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>): void {
  api.openapi(list, async (c) => {
    const active = requireWorkspace(c);
    // A key works in one workspace: it lists that one, not every workspace of its maker.
    const rows = await db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id', 'organization.name', 'member.role'])
      .where('member.userId', '=', requireUser(c).id)
      .$if(c.var.apiKeyId !== null, (qb) => qb.where('organization.id', '=', active.id))
      .orderBy('organization.name')
      .execute();
    return c.json({ workspaces: rows.map((row) => ({ ...row, active: row.id === active.id })) }, 200);
  });
}
