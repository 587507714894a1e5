// /api/v1/workspace: members and invitations of the caller's workspace, and accepting an invitation.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  invitationInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberListSchema,
  memberRemovalSchema,
  roleChangeSchema,
} from '../../core/api/workspaces.ts';
import { type AppEnv, requireCaller, requireSessionUser, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import type { InvitationService } from './invitations.ts';
import type { MemberService } from './members.ts';

const tags = ['Workspaces'];
const errors = {
  401: json(errorSchema, 'Not signed in'),
  403: json(errorSchema, 'forbidden_role: your role may not do this'),
  404: json(errorSchema, 'No such member or invitation in this workspace'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });
const userParams = z.object({ userId: z.string().min(1).max(64) });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const list = createRoute({
  method: 'get',
  operationId: 'listMembers',
  path: '/workspace/members',
  tags,
  summary: "The workspace's members and its pending invitations",
  responses: { 200: json(memberListSchema, 'Members and invitations'), 401: errors[401] },
});
const invite = createRoute({
  method: 'post',
  operationId: 'createInvitation',
  path: '/workspace/invitations',
  tags,
  summary: 'Invite someone by email, with a role (admins and the owner)',
  request: body(invitationInputSchema),
  responses: {
    201: json(invitationSchema, 'Invited; the mail is sent (or kept in the outbox)'),
    409: json(errorSchema, 'already_member or already_invited'),
    422: json(errorSchema, 'validation_failed'),
    ...errors,
  },
});
const resend = createRoute({
  method: 'post',
  operationId: 'resendInvitation',
  path: '/workspace/invitations/{id}/resend',
  tags,
  summary: 'Send an invitation again, valid seven more days',
  request: { params: idParams },
  responses: {
    200: json(invitationSchema, 'Sent again'),
    409: json(errorSchema, 'Already used or revoked'),
    ...errors,
  },
});
const revoke = createRoute({
  method: 'delete',
  operationId: 'revokeInvitation',
  path: '/workspace/invitations/{id}',
  tags,
  summary: 'Revoke an invitation: its link stops working',
  request: { params: idParams },
  responses: { 204: { description: 'Revoked' }, ...errors },
});
const preview = createRoute({
  method: 'get',
  operationId: 'getInvitation',
  path: '/workspace/invitations/{id}',
  tags,
  summary: 'What an invitation link offers (no sign-in needed: the token is the secret)',
  request: { params: idParams },
  responses: { 200: json(invitationPreviewSchema, 'The invitation'), 404: errors[404] },
});
const accept = createRoute({
  method: 'post',
  operationId: 'acceptInvitation',
  path: '/workspace/invitations/accept',
  tags,
  summary: "Join the invitation's workspace; it becomes the session's workspace",
  request: body(z.object({ token: z.string().min(1).max(200) })),
  responses: {
    200: json(z.object({ workspaceId: z.string() }), 'Joined'),
    403: json(errorSchema, 'invitation_other_email: sign in with the invited address'),
    410: json(errorSchema, 'invitation_expired or invitation_revoked'),
    401: errors[401],
    404: errors[404],
  },
});
const changeRole = createRoute({
  method: 'patch',
  operationId: 'changeMemberRole',
  path: '/workspace/members/{userId}',
  tags,
  summary: "Change a member's role (admins and the owner)",
  request: { params: userParams, ...body(roleChangeSchema) },
  responses: { 204: { description: 'Changed' }, 409: json(errorSchema, 'owner_fixed'), ...errors },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'removeMember',
  path: '/workspace/members/{userId}',
  tags,
  summary:
    'Remove a member from the workspace (admins and the owner); their API keys are revoked unless handed to the owner',
  request: { params: userParams, query: memberRemovalSchema },
  responses: {
    204: { description: 'Removed; their open streams end' },
    409: json(errorSchema, 'owner_fixed'),
    422: json(errorSchema, 'hand_over_own_keys: leaving revokes one’s own keys'),
    ...errors,
  },
});

export function mountMemberRoutes(
  api: OpenAPIHono<AppEnv>,
  members: MemberService,
  invitations: InvitationService,
): void {
  api.openapi(list, async (c) => {
    const { id } = requireWorkspace(c);
    return c.json({ members: await members.list(id), invitations: await invitations.list(id) }, 200);
  });
  // Before /{id}: "accept" is not an invitation's id.
  api.openapi(accept, async (c) =>
    c.json(
      await invitations.accept(
        requireCaller(c),
        requireSessionUser(c),
        c.var.sessionId,
        c.req.valid('json').token,
      ),
      200,
    ),
  );
  api.openapi(invite, async (c) =>
    c.json(await invitations.invite(requireCaller(c), c.req.valid('json')), 201),
  );
  api.openapi(resend, async (c) =>
    c.json(await invitations.resend(requireCaller(c), c.req.valid('param').id), 200),
  );
  api.openapi(revoke, async (c) => {
    await invitations.revoke(requireCaller(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  api.openapi(preview, async (c) => c.json(await invitations.preview(c.req.valid('param').id), 200));
  api.openapi(changeRole, async (c) => {
    await members.changeRole(requireCaller(c), c.req.valid('param').userId, c.req.valid('json').role);
    return c.body(null, 204);
  });
  api.openapi(remove, async (c) => {
    await members.remove(requireCaller(c), c.req.valid('param').userId, c.req.valid('query').apiKeys);
    return c.body(null, 204);
  });
}
