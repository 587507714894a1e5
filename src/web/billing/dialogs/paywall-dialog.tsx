import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import type { CheckPreview, PaywallPreview } from '../api-types';
import { useBillingClient } from '../billing-context';
import type { BillingDialogProps } from '../dialog';
import { billingKeys } from '../queries';
import { useCustomer } from '../use-customer';
import { CheckoutDialog } from './checkout-dialog';

function isPaywallPreview(preview: CheckPreview | undefined): preview is PaywallPreview {
  return preview != null && 'upgrade_product_id' in preview;
}

/** The server's word on a denied feature: which product unlocks it and what to say (BILLING.md §7). */
function usePaywallPreview(open: boolean, featureId: string | undefined, entityId: string | undefined) {
  const client = useBillingClient();
  return useQuery({
    queryKey: [...billingKeys.all, 'paywall', featureId ?? '', entityId ?? ''],
    queryFn: async () => {
      const result = await client.check({ featureId, entityId, withPreview: true });
      if (result.error) throw result.error;
      const preview = result.data.preview;
      return isPaywallPreview(preview) ? preview : null;
    },
    enabled: open && featureId != null,
    retry: false,
    // A purchase changes the answer, so each opening asks again.
    staleTime: 0,
    gcTime: 0,
  });
}

function actionText(preview: PaywallPreview): string {
  const product = preview.products.find((candidate) => candidate.id === preview.upgrade_product_id);
  if (product?.properties.has_trial) return 'Start trial';
  return product?.is_add_on ? 'Purchase' : 'Upgrade';
}

/**
 * SPEC.md §2 paywall: opened by `check({featureId, dialog: PaywallDialog})` when access is
 * denied. Shows the server's preview (title, message, the product that unlocks the feature) and
 * starts that product's checkout.
 */
export function PaywallDialog({ open, setOpen, featureId, entityId, preview: given }: BillingDialogProps) {
  const fetched = usePaywallPreview(open && !isPaywallPreview(given), featureId, entityId);
  const { checkout } = useCustomer();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = isPaywallPreview(given) ? given : fetched.data;
  const loading = !isPaywallPreview(given) && fetched.isPending && featureId != null;
  const product = preview?.products.find((candidate) => candidate.id === preview.upgrade_product_id);

  const upgrade = async () => {
    if (!preview?.upgrade_product_id) return;
    setStarting(true);
    setError(null);
    // Replaces this dialog with the checkout's own, or leaves for the payment page.
    const result = await checkout({
      productId: preview.upgrade_product_id,
      entityId,
      dialog: CheckoutDialog,
    });
    setStarting(false);
    if (result.error) setError(result.error.message);
  };

  const title = loading ? 'Checking your plan…' : (preview?.title ?? 'Feature Unavailable');
  const message = loading
    ? undefined
    : (preview?.message ?? fetched.error?.message ?? 'This feature is not available on your current plan.');
  const headline = product?.items[0]?.display;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={title} description={message}>
        <div className="flex flex-col gap-4 text-sm">
          {loading ? <Spinner /> : null}
          {product ? (
            <div className="flex items-baseline justify-between gap-4 rounded-ui border border-border bg-surface px-4 py-3">
              <span className="font-medium">{product.name}</span>
              {headline ? (
                <span className="text-muted">
                  {[headline.primary_text, headline.secondary_text].filter(Boolean).join(' ')}
                </span>
              ) : null}
            </div>
          ) : null}
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
            {preview?.upgrade_product_id ? (
              <Button onClick={upgrade} disabled={starting}>
                {starting ? <Spinner className="size-4 text-accent-fg" label="Starting checkout" /> : null}
                {actionText(preview)}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
