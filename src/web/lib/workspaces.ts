import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace, WorkspaceList } from '../../core/api/workspaces';
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
