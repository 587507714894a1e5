import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, Input, Label } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import { sessionQueryKey } from '../../lib/session';

export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');

  const remove = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.deleteUser({ password });
      if (error) throw new Error(error.message || 'Could not delete your account.');
    },
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      toast.success('Your account was deleted.');
      await navigate({ to: '/' });
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      remove.reset();
    }
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>Removes your account, monitors and history for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          open={open}
          onOpenChange={onOpenChange}
          trigger={<Button variant="danger">Delete account</Button>}
          title="Delete your account?"
          description="This cannot be undone. Enter your password to confirm."
          confirmLabel="Delete account"
          pendingLabel="Deleting…"
          tone="destructive"
          pending={remove.isPending}
          disabled={!password}
          error={remove.error?.message}
          enterConfirms
          onConfirm={() => remove.mutate()}
        >
          <Field>
            <Label htmlFor="delete-password">Password</Label>
            <Input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </Field>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
