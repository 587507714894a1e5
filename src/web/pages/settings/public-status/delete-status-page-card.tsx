import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { StatusPage } from '../../../../core/api/status-pages';
import { WriteButton } from '../../../components/role-lock';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/input';
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
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <WriteButton variant="danger">
              <Trash2 className="size-4" aria-hidden />
              Delete status page
            </WriteButton>
          </DialogTrigger>
          <DialogContent
            title={`Delete ${page.name}?`}
            description={`Visitors of /status/${page.slug} will see Page Not Available. This cannot be undone.`}
          >
            <div className="flex flex-col gap-4">
              <FormError>{remove.error?.message}</FormError>
              <div className="flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  {remove.isPending ? 'Deleting…' : 'Delete status page'}
                </Button>
              </div>
            </div>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
