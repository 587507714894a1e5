import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { StatusPage } from '../../../../core/api/status-pages';
import type { Subscriber, SubscriberList } from '../../../../core/api/subscribers';
import { WriteButton } from '../../../components/role-lock';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { apiSend } from '../../../lib/api';
import { formatCount, formatDate, formatNumber } from '../../../lib/format';
import { subscriberKeys, subscribersPath, subscribersQueryOptions } from '../../../lib/subscribers';
import { useTimeZone } from '../../../lib/use-time-zone';

/** "3 subscribers · 2 confirmed · up to 1,000 on your plan" */
export function subscriberSummary(list: SubscriberList): string {
  const parts = [
    formatCount(list.count, 'subscriber', 'subscribers'),
    `${formatNumber(list.confirmed)} confirmed`,
  ];
  parts.push(
    list.limit === null ? 'no limit on your plan' : `up to ${formatNumber(list.limit)} on your plan`,
  );
  return parts.join(' · ');
}

function RemoveDialog({
  page,
  subscriber,
  onClose,
}: {
  page: StatusPage;
  subscriber: Subscriber | null;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => apiSend('DELETE', subscribersPath(page.id, id)),
    onSuccess: async () => {
      toast.success(`${subscriber?.address} removed.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: subscriberKeys.list(page.id) });
    },
    onError: (error) => toast.error(error.message),
  });
  if (!subscriber) return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${subscriber.address}?`}
      description={`Nothing more about ${page.name} is sent there. They can subscribe again from the page.`}
      confirmLabel="Remove subscriber"
      pendingLabel="Removing…"
      tone="destructive"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(subscriber.id)}
    />
  );
}

function SubscriberRow({ subscriber, onRemove }: { subscriber: Subscriber; onRemove(): void }) {
  const timeZone = useTimeZone();
  return (
    <tr className="border-t border-border">
      <td className="max-w-64 py-2 pr-3 [overflow-wrap:anywhere]">{subscriber.address}</td>
      <td className="py-2 pr-3">{subscriber.kind === 'email' ? 'Email' : 'Webhook'}</td>
      <td className="py-2 pr-3">{subscriber.confirmed ? 'Confirmed' : 'Awaiting confirmation'}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{formatDate(subscriber.createdAt, timeZone)}</td>
      <td className="py-2 text-right">
        <WriteButton size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${subscriber.address}`}>
          Remove
        </WriteButton>
      </td>
    </tr>
  );
}

/** Who subscribed to a page, with the CSV export and removal of one. */
export function SubscribersCard({ page }: { page: StatusPage }) {
  const { data: list, error } = useQuery(subscribersQueryOptions(page.id));
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  // The page's own settings stay usable if this list cannot be read.
  if (error) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Subscribers</CardTitle>
        </CardHeader>
        <CardContent>
          <FormError>{`The subscribers could not be loaded: ${error.message}`}</FormError>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Subscribers</CardTitle>
          <CardDescription>{list ? subscriberSummary(list) : 'Loading…'}</CardDescription>
        </div>
        {list && list.count > 0 ? (
          <Button asChild variant="secondary">
            <a href={`${subscribersPath(page.id)}?format=csv`} download>
              <Download className="size-4" aria-hidden />
              Export CSV
            </a>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!list ? (
          <Spinner />
        ) : list.count === 0 ? (
          <EmptyState icon={Mail} title="No subscribers yet">
            Visitors subscribe by email or webhook with the form at the bottom of the public page, and hear
            when an incident opens, is updated or resolved, and when maintenance is scheduled or starts.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th className="py-2 pr-3 font-medium">Address</th>
                  <th className="py-2 pr-3 font-medium">Kind</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Subscribed</th>
                  <th className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.subscribers.map((subscriber) => (
                  <SubscriberRow
                    key={subscriber.id}
                    subscriber={subscriber}
                    onRemove={() => setRemoving(subscriber)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <RemoveDialog page={page} subscriber={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
