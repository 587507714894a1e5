import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PerformanceSite } from '../../../core/api/performance';
import { WriteButton } from '../../components/role-lock';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`Delete ${site.name}?`}
      description="Its runs, budget violations and alerts are deleted with it. This cannot be undone."
      confirmLabel="Delete site"
      pendingLabel="Deleting…"
      tone="destructive"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate()}
    />
  );
}
