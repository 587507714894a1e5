import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, FormError, Input, Label } from '../../components/ui/input';
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>Removes your account, monitors and history for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="danger">Delete account</Button>
          </DialogTrigger>
          <DialogContent
            title="Delete your account?"
            description="This cannot be undone. Enter your password to confirm."
          >
            <form onSubmit={onSubmit} className="flex flex-col gap-4">
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
              <FormError>{remove.error?.message}</FormError>
              <div className="flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button type="submit" variant="danger" disabled={remove.isPending || !password}>
                  {remove.isPending ? 'Deleting…' : 'Delete account'}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
