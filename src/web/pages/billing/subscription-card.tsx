import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { isFree } from '../../../core/billing/properties';
import type { AttachResult } from '../../billing/api-types';
import { productStatusLabel } from '../../billing/labels';
import { billingKeys } from '../../billing/queries';
import type { CustomerProduct } from '../../billing/types';
import { useOpenUrl } from '../../billing/use-open-url';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { apiSend } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

const SHOWN = new Set(['active', 'trialing', 'past_due', 'scheduled']);

/** Main plans first, the running one before the one scheduled to follow it, then add-ons. */
export function visibleProducts(products: CustomerProduct[]): CustomerProduct[] {
  const rank = (product: CustomerProduct) =>
    (product.is_add_on ? 2 : 0) + (product.status === 'scheduled' ? 1 : 0);
  return products.filter((product) => SHOWN.has(product.status)).sort((a, b) => rank(a) - rank(b));
}

function endOfCycle(product: CustomerProduct): number | null {
  return product.current_period_end ?? product.trial_ends_at ?? null;
}

function dateLine(product: CustomerProduct, timeZone: string): string | null {
  const end = endOfCycle(product);
  if (product.status === 'scheduled') return `Starts on ${formatDate(product.started_at, timeZone)}`;
  if (product.canceled_at !== null) return `Cancels on ${formatDate(end ?? product.canceled_at, timeZone)}`;
  if (product.status === 'trialing' && end !== null) return `Trial ends on ${formatDate(end, timeZone)}`;
  return end !== null ? `Renews on ${formatDate(end, timeZone)}` : null;
}

export function SubscriptionCard({ products }: { products: CustomerProduct[] }) {
  const shown = visibleProducts(products);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current plan</CardTitle>
        <CardDescription>Cancelling keeps your plan until the end of the billing cycle.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-border p-0 sm:p-0">
        {shown.length === 0 ? (
          <p className="px-5 py-4 text-sm text-muted sm:px-6">You have no plan yet.</p>
        ) : (
          shown.map((product) => <ProductRow key={`${product.id}-${product.status}`} product={product} />)
        )}
      </CardContent>
    </Card>
  );
}

function ProductRow({ product }: { product: CustomerProduct }) {
  const timeZone = useTimeZone();
  const when = dateLine(product, timeZone);
  const cancelled = product.canceled_at !== null;
  const cancellable = !cancelled && product.status !== 'scheduled' && !isFree(product);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-4 sm:px-6">
      <div>
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold">{product.name}</span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              product.status === 'past_due' ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent',
            )}
          >
            {productStatusLabel(product.status)}
          </span>
          {product.is_add_on ? <span className="text-xs text-muted">Add-on</span> : null}
        </p>
        {when ? (
          <p className={cn('mt-1 text-sm', cancelled ? 'text-warning' : 'text-muted')}>{when}</p>
        ) : null}
      </div>
      {cancelled ? <RenewButton product={product} /> : null}
      {cancellable ? <CancelButton product={product} /> : null}
    </div>
  );
}

function RenewButton({ product }: { product: CustomerProduct }) {
  const queryClient = useQueryClient();
  const openUrl = useOpenUrl();
  const renew = useMutation({
    // Attaching a cancelled product again is Autumn's renew: it un-cancels and drops what was scheduled.
    mutationFn: () => apiSend<AttachResult>('POST', '/api/billing/attach', { product_id: product.id }),
    onSuccess: async (result) => {
      if (result.checkout_url) return openUrl(result.checkout_url);
      toast.success(result.message || `${product.name} renews again.`);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Button onClick={() => renew.mutate()} disabled={renew.isPending}>
      {renew.isPending ? 'Renewing…' : 'Renew'}
    </Button>
  );
}

function CancelButton({ product }: { product: CustomerProduct }) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [open, setOpen] = useState(false);
  const end = endOfCycle(product);
  const until = end !== null ? `until ${formatDate(end, timeZone)}` : 'until the end of this billing cycle';
  const cancel = useMutation({
    mutationFn: () => apiSend('POST', '/api/billing/cancel', { product_id: product.id }),
    onSuccess: async () => {
      setOpen(false);
      toast.success(`${product.name} is cancelled. You keep it ${until}.`);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) cancel.reset();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="secondary">Cancel plan</Button>}
      title={`Cancel ${product.name}?`}
      description={`You keep ${product.name} ${until}; it is not renewed after that. You can renew any time before then.`}
      confirmLabel="Cancel plan"
      pendingLabel="Cancelling…"
      cancelLabel="Keep plan"
      tone="destructive"
      pending={cancel.isPending}
      error={cancel.error?.message}
      onConfirm={() => cancel.mutate()}
    />
  );
}
