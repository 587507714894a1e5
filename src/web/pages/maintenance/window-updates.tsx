import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { MaintenanceWindow } from '../../../core/api/maintenance';
import {
  MAX_MAINTENANCE_UPDATES,
  type MaintenanceUpdate,
  type MaintenanceUpdateList,
  maintenanceUpdateInputSchema,
} from '../../../core/api/maintenance-updates';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { apiGet, apiSend, RequestError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { maintenanceKeys, windowPath } from '../../lib/maintenance';
import { useTimeZone } from '../../lib/use-time-zone';

const TEXTAREA =
  'min-h-20 w-full rounded-ui border border-border bg-bg px-3 py-2 text-sm shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring';

function useUpdates(windowId: string) {
  const queryClient = useQueryClient();
  const queryKey = [...maintenanceKeys.all, 'updates', windowId];
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet<MaintenanceUpdateList>(windowPath(windowId, 'updates'), signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const post = useMutation({
    mutationFn: (message: string) =>
      apiSend<MaintenanceUpdate>('POST', windowPath(windowId, 'updates'), { message }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (updateId: string) =>
      apiSend('DELETE', windowPath(windowId, `updates/${encodeURIComponent(updateId)}`)),
    onSuccess: async () => {
      await refresh();
      toast.success('Update deleted.');
    },
  });
  return { list, post, remove };
}

/**
 * The public updates of a window: short messages shown under it on status pages that show its
 * monitors, newest first; post one, or delete one posted by mistake.
 */
export function WindowUpdatesDialog({ window, onClose }: { window: MaintenanceWindow; onClose: () => void }) {
  const timeZone = useTimeZone();
  const { list, post, remove } = useUpdates(window.id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const updates = list.data?.updates ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = maintenanceUpdateInputSchema.safeParse({ message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    try {
      await post.mutateAsync(parsed.data.message);
      setMessage('');
      toast.success('Update posted.');
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : 'Could not reach the server. Try again.');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={`Public updates on ${window.name}`}
        description="Shown under the window on your status pages, with the time you post them."
        className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <label htmlFor="maintenance-update" className="text-sm font-medium">
            New update
          </label>
          <textarea
            id="maintenance-update"
            value={message}
            maxLength={1000}
            onChange={(event) => setMessage(event.target.value)}
            className={TEXTAREA}
            placeholder="The upgrade is under way; reads work, writes wait."
            aria-invalid={error ? true : undefined}
          />
          <FormError>{error}</FormError>
          <div className="flex justify-end">
            <Button type="submit" disabled={post.isPending || updates.length >= MAX_MAINTENANCE_UPDATES}>
              {post.isPending ? 'Posting…' : 'Post update'}
            </Button>
          </div>
        </form>
        {list.isPending ? <Spinner label="Loading updates" /> : null}
        {list.isSuccess && updates.length === 0 ? (
          <p className="text-sm text-muted">No updates yet.</p>
        ) : null}
        {updates.length > 0 ? (
          <ol aria-label="Posted updates" className="mt-2 divide-y divide-border">
            {updates.map((update) => (
              <li key={update.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="text-xs text-muted">{formatDateTime(update.createdAt, timeZone, false)}</p>
                  <p className="text-sm break-words">{update.message}</p>
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={remove.isPending}
                  aria-label={`Delete the update of ${formatDateTime(update.createdAt, timeZone, false)}`}
                  onClick={() => remove.mutate(update.id)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
