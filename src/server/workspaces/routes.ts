// /api/v1/workspaces: the workspaces the caller belongs to, their role in each, and which one
// this session works in (the header shows its name).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { workspaceListSchema, workspaceUpdateSchema } from '../../core/api/workspaces.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { json } from '../http/openapi.ts';
import {
  type AppEnv,
  requireCaller,
  requireSessionUser,
  requireUser,
  requireWorkspace,
} from '../http/session.ts';
import { updateWorkspace, workspaceSettings } from './settings.ts';

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

const update = createRoute({
  method: 'patch',
  path: '/workspace',
  tags: ['Workspaces'],
  summary: 'Rename the workspace or require two-factor sign-in of its members (the owner)',
  request: { body: { content: { 'application/json': { schema: workspaceUpdateSchema } }, required: true } },
  responses: {
    204: { description: 'Changed' },
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'forbidden_role: only the owner'),
    409: json(errorSchema, 'two_factor_first: the owner has no second factor yet'),
  },
});

export function mountWorkspaceRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>, clock: Clock): void {
  api.openapi(list, async (c) => {
    const active = requireWorkspace(c);
    // A key works in one workspace: it lists that one, not every workspace of its maker.
    const rows = await db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id', 'organization.name', 'organization.metadata', 'member.role'])
      .where('member.userId', '=', requireUser(c).id)
      .$if(c.var.apiKeyId !== null, (qb) => qb.where('organization.id', '=', active.id))
      .orderBy('organization.name')
      .execute();
    const workspaces = rows.map(({ metadata, ...row }) => ({
      ...row,
      active: row.id === active.id,
      requireTwoFactor: workspaceSettings(metadata).requireTwoFactor,
    }));
    return c.json({ workspaces }, 200);
  });
  api.openapi(update, async (c) => {
    await updateWorkspace(db, requireCaller(c), requireSessionUser(c), c.req.valid('json'), clock.now());
    return c.body(null, 204);
  });
}
