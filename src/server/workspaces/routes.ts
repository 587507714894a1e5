// /api/v1/workspaces: the workspaces the caller belongs to, their role in each, and which one
// this session works in (the header shows its name).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import {
  workspaceCreatedSchema,
  workspaceDeletionSchema,
  workspaceInputSchema,
  workspaceListSchema,
  workspaceTransferSchema,
  workspaceUpdateSchema,
} from '../../core/api/workspaces.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import {
  type AppEnv,
  requireCaller,
  requireSessionUser,
  requireUser,
  requireWorkspace,
} from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import type { WorkspaceLifecycle } from './lifecycle.ts';
import { updateWorkspace, workspaceSettings } from './settings.ts';

const list = createRoute({
  method: 'get',
  operationId: 'listWorkspaces',
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
  operationId: 'updateWorkspace',
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

const create = createRoute({
  method: 'post',
  operationId: 'createWorkspace',
  path: '/workspaces',
  tags: ['Workspaces'],
  summary: 'Create a workspace you own; your session then works in it',
  request: { body: { content: { 'application/json': { schema: workspaceInputSchema } }, required: true } },
  responses: {
    201: json(workspaceCreatedSchema, 'The new workspace'),
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'session_required: an API key works in one workspace and makes none'),
    409: json(errorSchema, 'workspace_limit_reached'),
    422: json(errorSchema, 'validation_failed'),
  },
});

const transfer = createRoute({
  method: 'post',
  operationId: 'transferWorkspace',
  path: '/workspace/transfer',
  tags: ['Workspaces'],
  summary: 'Hand the workspace over to another member (the owner, who stays on as an admin)',
  request: { body: { content: { 'application/json': { schema: workspaceTransferSchema } }, required: true } },
  responses: {
    204: { description: 'Handed over' },
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'forbidden_role: only the owner'),
    404: json(errorSchema, 'No other member with that id'),
    409: json(errorSchema, 'personal_workspace: a personal workspace stays its person’s'),
  },
});

const remove = createRoute({
  method: 'delete',
  operationId: 'deleteWorkspace',
  path: '/workspace',
  tags: ['Workspaces'],
  summary: 'Delete the workspace and everything in it (the owner, typing its name)',
  request: { body: { content: { 'application/json': { schema: workspaceDeletionSchema } }, required: true } },
  responses: {
    204: { description: 'Deleted' },
    401: json(errorSchema, 'Not signed in'),
    403: json(errorSchema, 'forbidden_role: only the owner'),
    409: json(errorSchema, 'personal_workspace, or plan_active: cancel the paid plan first'),
    422: json(errorSchema, 'validation_failed: the name typed is not the workspace’s'),
  },
});

export function mountWorkspaceRoutes(
  api: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  clock: Clock,
  lifecycle: WorkspaceLifecycle,
): void {
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
      personal: row.id === requireUser(c).id,
    }));
    return c.json({ workspaces }, 200);
  });
  api.openapi(update, async (c) => {
    await updateWorkspace(db, requireCaller(c), requireSessionUser(c), c.req.valid('json'), clock.now());
    return c.body(null, 204);
  });
  api.openapi(create, async (c) => {
    const user = requireSessionUser(c);
    const created = await lifecycle.create(requireCaller(c), user, c.var.sessionId, c.req.valid('json').name);
    return c.json(created, 201);
  });
  api.openapi(transfer, async (c) => {
    requireSessionUser(c);
    await lifecycle.transfer(requireCaller(c), c.req.valid('json').userId);
    return c.body(null, 204);
  });
  api.openapi(remove, async (c) => {
    requireSessionUser(c);
    await lifecycle.delete(requireCaller(c), c.req.valid('json').name);
    return c.body(null, 204);
  });
}
