import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Monitor } from '../../../../core/api/monitors';
import { billingKeys } from '../../../billing/queries';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Input, Label } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { monitorKeys, monitorPath } from '../../../lib/monitors';

export function DeleteMonitorCard({ monitor }: { monitor: Monitor }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', monitorPath(monitor.id)),
    onSuccess: async () => {
      toast.success(`${monitor.name} was deleted.`);
      await navigate({ to: '/dashboard/monitors' });
      // After leaving, so the detail screen never re-reads a monitor that is gone.
      queryClient.removeQueries({ queryKey: monitorKeys.detail(monitor.id) });
      await queryClient.invalidateQueries({ queryKey: monitorKeys.all });
      // The monitors balance went up: gates read it from the billing customer.
      await queryClient.invalidateQueries({ queryKey: billingKeys.customer() });
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      remove.reset();
    }
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>Delete monitor</CardTitle>
        <CardDescription>Removes the monitor and all of its check history for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          open={open}
          onOpenChange={onOpenChange}
          trigger={
            <Button variant="danger">
              <Trash2 className="size-4" aria-hidden />
              Delete monitor
            </Button>
          }
          title={`Delete ${monitor.name}?`}
          description="This deletes its history too and cannot be undone. Type the monitor's name to confirm."
          confirmLabel="Delete monitor"
          pendingLabel="Deleting…"
          tone="destructive"
          pending={remove.isPending}
          disabled={typed.trim() !== monitor.name.trim()}
          error={remove.error?.message}
          enterConfirms
          onConfirm={() => remove.mutate()}
        >
          <Field>
            <Label htmlFor="delete-monitor-name">Monitor name</Label>
            <Input
              id="delete-monitor-name"
              autoComplete="off"
              placeholder={monitor.name}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Field>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
