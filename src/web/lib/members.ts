import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationInput, KeysOnRemoval, MemberList, WorkspaceRole } from '../../core/api/workspaces';
import { apiGet, apiSend } from './api';

export const membersQueryOptions = queryOptions({
  queryKey: ['workspace', 'members'] as const,
  queryFn: ({ signal }) => apiGet<MemberList>('/api/v1/workspace/members', signal),
});

const invitationPath = (id: string) => `/api/v1/workspace/invitations/${encodeURIComponent(id)}`;
const memberPath = (userId: string) => `/api/v1/workspace/members/${encodeURIComponent(userId)}`;

/** The member and invitation actions of Settings → Members; each refreshes the list. */
export function useMemberActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: membersQueryOptions.queryKey });
  return {
    invite: useMutation({
      mutationFn: (input: InvitationInput) => apiSend('POST', '/api/v1/workspace/invitations', input),
      onSuccess,
    }),
    resend: useMutation({
      mutationFn: (id: string) => apiSend('POST', `${invitationPath(id)}/resend`),
      onSuccess,
    }),
    revoke: useMutation({ mutationFn: (id: string) => apiSend('DELETE', invitationPath(id)), onSuccess }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: Exclude<WorkspaceRole, 'owner'> }) =>
        apiSend('PATCH', memberPath(userId), { role }),
      onSuccess,
    }),
    /** Leaving revokes one's own keys; a remover chooses whether the member's keys are handed over. */
    remove: useMutation({
      mutationFn: ({ userId, apiKeys = 'revoke' }: { userId: string; apiKeys?: KeysOnRemoval }) =>
        apiSend('DELETE', `${memberPath(userId)}?apiKeys=${apiKeys}`),
      onSuccess,
    }),
  };
}
