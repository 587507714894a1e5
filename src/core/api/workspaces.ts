// Workspaces (issue 18): what a workspace is to its members, and the roles they hold in it.
import { z } from 'zod';

import { WORKSPACE_ROLES } from '../roles.ts';

export { WORKSPACE_ROLES, type WorkspaceRole } from '../roles.ts';

export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ example: "Ada's workspace" }),
    role: z.enum(WORKSPACE_ROLES).meta({ description: "The caller's role in this workspace" }),
    active: z.boolean().meta({ description: 'The workspace this session works in' }),
    requireTwoFactor: z.boolean().meta({ description: 'Every member must sign in with a second factor' }),
    personal: z
      .boolean()
      .meta({ description: "Its owner's own workspace, made with their account and deleted with it" }),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z
  .object({ workspaces: z.array(workspaceSchema) })
  .meta({ id: 'WorkspaceList' });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

const workspaceName = z
  .string()
  .trim()
  .min(1, 'Give the workspace a name.')
  .max(100, 'Names are limited to 100 characters.');

export const workspaceUpdateSchema = z
  .object({
    name: workspaceName.optional(),
    requireTwoFactor: z.boolean().optional(),
  })
  .meta({ id: 'WorkspaceUpdate' });

export const workspaceInputSchema = z
  .object({ name: workspaceName.meta({ example: 'Acme' }) })
  .meta({ id: 'WorkspaceInput' });
export type WorkspaceInput = z.infer<typeof workspaceInputSchema>;

export const workspaceCreatedSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'WorkspaceCreated' });

export const workspaceTransferSchema = z
  .object({ userId: z.string().min(1).max(64).meta({ description: 'The member who becomes the owner' }) })
  .meta({ id: 'WorkspaceTransfer' });

export const workspaceDeletionSchema = z
  .object({ name: z.string().max(100).meta({ description: "The workspace's name, typed to confirm" }) })
  .meta({ id: 'WorkspaceDeletion' });

/** Roles an invitation or a role change may give: a workspace has one owner. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const;

export const invitationInputSchema = z
  .object({
    email: z.email('Enter an email address.').max(254).meta({ example: 'grace@example.com' }),
    role: z.enum(ASSIGNABLE_ROLES).default('member'),
  })
  .meta({ id: 'InvitationInput' });
export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ASSIGNABLE_ROLES),
    state: z.enum(INVITATION_STATES),
    invitedBy: z.string().meta({ description: "The inviter's name" }),
    createdAt: z.number().int(),
    expiresAt: z.number().int().meta({ description: 'Epoch ms; seven days after it was last sent' }),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** What the invitation page shows anyone holding the link. */
export const invitationPreviewSchema = z
  .object({
    workspaceName: z.string(),
    invitedBy: z.string(),
    email: z.string(),
    role: z.enum(ASSIGNABLE_ROLES),
    state: z.enum(INVITATION_STATES),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const memberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    joinedAt: z.number().int(),
    lastActiveAt: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'When their last session was used, epoch ms' }),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z
  .object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) })
  .meta({ id: 'MemberList' });
export type MemberList = z.infer<typeof memberListSchema>;

export const roleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES) }).meta({ id: 'RoleChange' });

/** What happens to a removed member's API keys: revoked, unless the remover hands them to the owner. */
export const KEYS_ON_REMOVAL = ['revoke', 'hand_over'] as const;
export type KeysOnRemoval = (typeof KEYS_ON_REMOVAL)[number];
export const memberRemovalSchema = z.object({
  apiKeys: z.enum(KEYS_ON_REMOVAL).default('revoke').meta({
    description:
      "revoke (the default) ends the person's keys now; hand_over keeps them working as the workspace's owner's",
  }),
});
