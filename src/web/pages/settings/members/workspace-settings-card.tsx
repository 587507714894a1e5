import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Workspace } from '../../../../core/api/workspaces';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { workspacesQueryOptions } from '../../../lib/workspaces';

/** The owner's settings of the workspace: its name, and two-factor sign-in for every member. */
export function WorkspaceSettingsCard({ workspace }: { workspace: Workspace }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(workspace.name);
  const change = useMutation({
    mutationFn: (update: { name?: string; requireTwoFactor?: boolean }) =>
      apiSend('PATCH', '/api/v1/workspace', update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey }),
  });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ name });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Workspace</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={rename} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field className="flex-1">
            <Label htmlFor="workspace-name">Name</Label>
            <Input
              id="workspace-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
            />
          </Field>
          <Button
            type="submit"
            variant="secondary"
            disabled={change.isPending || name.trim() === workspace.name}
          >
            Rename
          </Button>
        </form>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={workspace.requireTwoFactor}
            disabled={change.isPending}
            onChange={(event) => change.mutate({ requireTwoFactor: event.target.checked })}
          />
          Require two-factor sign-in for every member
        </label>
        <FormError>{change.error?.message ?? null}</FormError>
      </CardContent>
    </Card>
  );
}
