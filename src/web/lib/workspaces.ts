import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace, WorkspaceList } from '../../core/api/workspaces';
import { can, type WorkspaceAction } from '../../core/permissions';
import { apiGet } from './api';

export const workspacesQueryOptions = queryOptions({
  queryKey: ['workspaces'] as const,
  queryFn: ({ signal }) => apiGet<WorkspaceList>('/api/v1/workspaces', signal),
  // Which workspaces a person belongs to changes rarely, and never behind their back mid-page.
  staleTime: 5 * 60_000,
});

/** The workspace this session works in, once known. */
export function useActiveWorkspace(): Workspace | undefined {
  const { data } = useQuery(workspacesQueryOptions);
  return data?.workspaces.find((workspace) => workspace.active);
}

/**
 * Whether the caller's role in their workspace allows `action` (src/core/permissions.ts, the
 * table the server refuses by). Until the workspace is known nothing is hidden: the server still refuses.
 */
export function useCan(action: WorkspaceAction): boolean {
  const workspace = useActiveWorkspace();
  return workspace ? can(workspace.role, action) : true;
}

/** What a control says to a role that may not use it: its tooltip and description, a form's note. */
export const ROLE_LOCK_REASONS: Record<WorkspaceAction, string> = {
  read: "You can't see this workspace.",
  write: "Viewers can't change this. Ask an admin.",
  manageMembers: 'Only admins and the owner can change this. Ask an admin.',
  readOutbox: 'Only admins and the owner can see the outbox.',
  manageBilling: "Only the workspace's owner can change this.",
  manageWorkspace: "Only the workspace's owner can change this.",
};

/** Why the caller's role may not do `action` (the reason to show), or null when it may. */
export function useRoleLock(action: WorkspaceAction = 'write'): string | null {
  return useCan(action) ? null : ROLE_LOCK_REASONS[action];
}

/**
 * After the session moved to another workspace: everything cached belonged to the one left, and
 * what is on screen loads again for the new one (clearing alone would leave mounted lists as
 * they were).
 */
export function startOverInWorkspace(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries();
}
