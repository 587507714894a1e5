import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PerformanceSite } from '../../../core/api/performance';
import { WriteButton } from '../../components/role-lock';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { performanceKeys, sitePath } from '../../lib/performance';
import { useRoleLock } from '../../lib/workspaces';

/** Delete, after a confirmation naming the site; back to the performance dashboard after. */
export function DeleteSite({ site }: { site: PerformanceSite }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const locked = useRoleLock() !== null;
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', sitePath(site.id)),
    onSuccess: async () => {
      setOpen(false);
      queryClient.removeQueries({ queryKey: performanceKeys.site(site.id) });
      void queryClient.invalidateQueries({ queryKey: performanceKeys.sites() });
      void queryClient.invalidateQueries({ queryKey: performanceKeys.plan });
      await navigate({ to: '/dashboard/performance' });
    },
  });
  const trigger = (
    <WriteButton variant="secondary" size="sm">
      <Trash2 className="size-4" aria-hidden />
      Delete site
    </WriteButton>
  );
  if (locked) return trigger;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title={`Delete ${site.name}?`}
        description="Its runs, budget violations and alerts are deleted with it. This cannot be undone."
      >
        <div className="flex flex-col gap-3">
          <FormError>{remove.isError ? remove.error.message : null}</FormError>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete site'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
