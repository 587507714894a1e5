import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { workspaceInputSchema } from '../../../core/api/workspaces';
import { apiSend } from '../../lib/api';
import { startOverInWorkspace } from '../../lib/workspaces';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { Field, FormError, Input, Label } from '../ui/input';

/** A new workspace for a team or a client: the person owns it and works in it at once. */
export function CreateWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: { name: string }) => apiSend('POST', '/api/v1/workspaces', input),
    onSuccess: async () => {
      // Everything loaded so far belongs to the workspace left behind.
      await startOverInWorkspace(queryClient);
      onClose();
      await navigate({ to: '/dashboard' });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workspaceInputSchema.safeParse({ name });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the name.');
    setInvalid(null);
    create.mutate(parsed.data);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Create workspace"
        description="A workspace of its own, with its own monitors, members and plan. You will be its owner."
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field>
            <Label htmlFor="new-workspace-name">Name</Label>
            <Input
              id="new-workspace-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Acme"
              autoFocus
            />
          </Field>
          <FormError>{invalid ?? create.error?.message ?? null}</FormError>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create workspace'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
