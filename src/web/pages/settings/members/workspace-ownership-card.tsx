import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { Member, Workspace } from '../../../../core/api/workspaces';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { startOverInWorkspace } from '../../../lib/workspaces';

function TransferForm({ members }: { members: Member[] }) {
  const queryClient = useQueryClient();
  const others = members.filter((member) => member.role !== 'owner');
  const [userId, setUserId] = useState(others[0]?.userId ?? '');
  const transfer = useMutation({
    mutationFn: (to: string) => apiSend('POST', '/api/v1/workspace/transfer', { userId: to }),
    // Roles changed on both sides: the list, the buttons and this card follow.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  if (others.length === 0) {
    return <p className="text-sm text-muted">Invite a colleague first to hand the workspace over to them.</p>;
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    transfer.mutate(userId);
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field className="flex-1">
        <Label htmlFor="transfer-to">New owner</Label>
        <NativeSelect id="transfer-to" value={userId} onChange={(event) => setUserId(event.target.value)}>
          {others.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" variant="secondary" disabled={transfer.isPending}>
        Transfer ownership
      </Button>
      <FormError>{transfer.error?.message ?? null}</FormError>
    </form>
  );
}

function DeleteDialog({ workspace }: { workspace: Workspace }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', '/api/v1/workspace', { name: typed }),
    onSuccess: async () => {
      // Back in the personal workspace: nothing loaded so far exists any more.
      await startOverInWorkspace(queryClient);
      await navigate({ to: '/dashboard' });
    },
  });
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">Delete workspace</Button>}
      title={`Delete ${workspace.name}?`}
      description="Its monitors with their history, incidents, status pages, channels, API keys and audit log are deleted for everyone in it. This cannot be undone."
      confirmLabel="Delete workspace"
      pendingLabel="Deleting…"
      cancelLabel={null}
      tone="destructive"
      pending={remove.isPending}
      disabled={typed.trim() !== workspace.name}
      error={remove.error?.message}
      enterConfirms
      onConfirm={() => remove.mutate()}
    >
      <Field>
        <Label htmlFor="delete-workspace-name">Type {workspace.name} to confirm</Label>
        <Input id="delete-workspace-name" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Field>
    </ConfirmDialog>
  );
}

/** The owner's hand-over and deletion of a shared workspace (a personal one goes with its account). */
export function WorkspaceOwnershipCard({ workspace, members }: { workspace: Workspace; members: Member[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ownership</CardTitle>
        <CardDescription>
          Hand {workspace.name} over to another member (you stay on as an admin), or delete it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <TransferForm members={members} />
        <div>
          <DeleteDialog workspace={workspace} />
        </div>
      </CardContent>
    </Card>
  );
}
