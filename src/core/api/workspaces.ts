// Workspaces (issue 18): what a workspace is to its members, and the roles they hold in it.
import { z } from 'zod';

/** From most to least trusted: each role may do everything the ones after it may. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ example: "Ada's workspace" }),
    role: z.enum(WORKSPACE_ROLES).meta({ description: "The caller's role in this workspace" }),
    active: z.boolean().meta({ description: 'The workspace this session works in' }),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z
  .object({ workspaces: z.array(workspaceSchema) })
  .meta({ id: 'WorkspaceList' });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;
