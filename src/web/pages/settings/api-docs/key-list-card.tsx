import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiKey } from '../../../../core/api/api-keys';
import { WriteButton } from '../../../components/role-lock';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { apiSend } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/use-time-zone';
import { apiKeyKeys, apiKeysQuery } from './api-key-queries';

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/v1/api-keys/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast.success(`API key “${apiKey?.name}” revoked.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.list });
    },
    onError: (error) => toast.error(error.message),
  });
  if (!apiKey) return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Revoke “${apiKey.name}”?`}
      description={`Requests with ${apiKey.prefix}… are refused from now on. This cannot be undone.`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      tone="destructive"
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate(apiKey.id)}
    />
  );
}

/**
 * Columns a phone leaves out: with all seven, the table scrolled inside its card at 375 px and
 * Revoke was out of sight. Name, owner, expiry and Revoke stay.
 */
const WIDE_ONLY = 'hidden py-2 pr-3 md:table-cell';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke(): void }) {
  const timeZone = useTimeZone();
  const expired = apiKey.expiresAt !== null && apiKey.expiresAt <= Date.now();
  return (
    <tr className="border-t border-border">
      <td className="py-2 pr-3">
        <p className="font-medium">{apiKey.name}</p>
        <p className="text-xs text-muted">{apiKey.role === 'viewer' ? 'Read only' : 'Read and write'}</p>
      </td>
      {/* The person the key acts as: it never has more rights than they have now. */}
      <td className="py-2 pr-3">{apiKey.owner?.name ?? '—'}</td>
      <td className={`${WIDE_ONLY} font-mono text-xs`}>{apiKey.prefix}…</td>
      <td className={WIDE_ONLY}>{formatDate(apiKey.createdAt, timeZone)}</td>
      <td className={WIDE_ONLY}>
        {apiKey.lastUsedAt === null ? 'Never' : formatDateTime(apiKey.lastUsedAt, timeZone, false)}
      </td>
      <td className={expired ? 'py-2 pr-3 text-danger' : 'py-2 pr-3'}>
        {apiKey.expiresAt === null
          ? 'Never'
          : `${expired ? 'Expired ' : ''}${formatDate(apiKey.expiresAt, timeZone)}`}
      </td>
      <td className="py-2 text-right">
        {/* The owner's own keys are theirs to revoke (the server refuses anyone else). */}
        <WriteButton
          action={apiKey.ownerKey ? 'manageWorkspace' : 'write'}
          size="sm"
          variant="ghost"
          onClick={onRevoke}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </WriteButton>
      </td>
    </tr>
  );
}

export function KeyListCard() {
  const { data: keys, error } = useQuery(apiKeysQuery);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (error) throw error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>Only a key's first characters are kept in clear, to recognise it.</CardDescription>
      </CardHeader>
      <CardContent>
        {!keys ? (
          <Spinner />
        ) : keys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API keys yet">
            Create one above to call the API from scripts and CI.
          </EmptyState>
        ) : (
          // Relative: the sr-only header is absolute, and would widen the page past a phone's edge.
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th className="py-2 pr-3 font-medium">Name</th>
                  <th className="py-2 pr-3 font-medium">Owner</th>
                  <th className={`${WIDE_ONLY} font-medium`}>Key</th>
                  <th className={`${WIDE_ONLY} font-medium`}>Created</th>
                  <th className={`${WIDE_ONLY} font-medium`}>Last used</th>
                  <th className="py-2 pr-3 font-medium">Expires</th>
                  <th className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((apiKey) => (
                  <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
