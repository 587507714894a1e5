import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { StatusPage } from '../../../../core/api/status-pages';
import { WriteButton } from '../../../components/role-lock';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiSend } from '../../../lib/api';
import { statusPageKeys, statusPagePath } from '../../../lib/status-pages';

export function DeleteStatusPageCard({ page, onDeleted }: { page: StatusPage; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', statusPagePath(page.id)),
    onSuccess: async () => {
      toast.success(`${page.name} was deleted.`);
      setOpen(false);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: statusPageKeys.all });
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) remove.reset();
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>Delete status page</CardTitle>
        <CardDescription>
          Its address stops working at once. The monitors and their history stay.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          open={open}
          onOpenChange={onOpenChange}
          trigger={
            <WriteButton variant="danger">
              <Trash2 className="size-4" aria-hidden />
              Delete status page
            </WriteButton>
          }
          title={`Delete ${page.name}?`}
          description={`Visitors of /status/${page.slug} will see Page Not Available. This cannot be undone.`}
          confirmLabel="Delete status page"
          pendingLabel="Deleting…"
          tone="destructive"
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate()}
        />
      </CardContent>
    </Card>
  );
}
