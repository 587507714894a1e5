import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import type { Customer } from '../api-types';
import { LazyCheckoutDialog, preloadCheckoutDialog } from '../dialogs/lazy-checkout-dialog';
import type { PricingTableProduct, ProductDetails } from '../pricing-table';
import { useCustomer } from '../use-customer';
import { usePricingTable } from '../use-pricing-table';
import { AddOnCard, PricingCard } from './pricing-card';
import { UPWATCH_PRODUCT_DETAILS } from './upwatch-details';

export interface PricingTableProps {
  /** Per-plan display texts; Upwatch's own by default. Pass a stable (module-level) array. */
  productDetails?: ProductDetails[];
  /** Where the sandbox payment page returns to; the page the table is on by default. */
  successUrl?: string;
}

type Interval = 'month' | 'year';

/** BILLING.md §10: a Monthly/Annual switch only when the catalogue sells both. */
function intervalGroups(products: readonly PricingTableProduct[]): Interval[] {
  const groups = new Set(products.map((product) => product.properties.interval_group));
  return (['month', 'year'] as const).filter((group) => groups.has(group));
}

/** A signature of what the customer holds: the scenarios change exactly when it does. */
function holdings(customer: Customer | null): string {
  return (customer?.products ?? []).map((p) => `${p.id}:${p.status}:${p.canceled_at ?? ''}`).join('|');
}

/**
 * Products carry the customer's scenario, and they never refresh by themselves (SPEC.md §9), so a
 * payment made elsewhere (the sandbox page, another tab) would leave stale buttons. Refetch them
 * when the customer's products change, and only then.
 */
function useProductsFollowCustomer(customer: Customer | null, refetch: () => Promise<unknown>) {
  const signature = holdings(customer);
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void refetch();
  }, [signature, refetch]);
}

/**
 * The plans side by side with the add-ons below. Each button's text and state come from the
 * product's scenario; pressing it starts `checkout` with CheckoutDialog, or signs a visitor up.
 */
export function PricingTable({ productDetails = UPWATCH_PRODUCT_DETAILS, successUrl }: PricingTableProps) {
  const { products, isLoading, error, refetch } = usePricingTable({ productDetails });
  const { customer, status, checkout } = useCustomer();
  const session = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const [interval, setBillingInterval] = useState<Interval>('month');
  useProductsFollowCustomer(customer, refetch);

  const groups = useMemo(() => intervalGroups(products ?? []), [products]);
  if (isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading plans" />
      </div>
    );
  }
  if (error || !products) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm">
        <p>{error?.message ?? 'Failed to fetch pricing table products'}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const shown = products.filter(
    (product) =>
      groups.length < 2 ||
      product.properties.interval_group === null ||
      product.properties.interval_group === interval,
  );
  const plans = shown.filter((product) => !product.is_add_on);
  const addOns = shown.filter((product) => product.is_add_on);

  const select = async (product: PricingTableProduct) => {
    setBusy(product.id);
    void preloadCheckoutDialog();
    const result = await checkout({
      productId: product.id,
      dialog: LazyCheckoutDialog,
      successUrl: successUrl ?? window.location.href,
    });
    setBusy(null);
    if (result.error) toast.error(result.error.message);
  };
  const cardProps = (product: PricingTableProduct) => ({
    product,
    // Only a visitor is sent to sign up; a signed-in user whose billing failed to load can
    // still check out, and the server creates the customer on the way.
    guest: !session.isPending && !session.data && customer === null,
    waiting: status === 'loading' || session.isPending,
    busy: busy === product.id,
    onSelect: select,
  });

  return (
    <div className="flex flex-col gap-10">
      {groups.length > 1 ? (
        <fieldset aria-label="Billing interval" className="mx-auto flex rounded-ui border border-border p-1">
          {groups.map((group) => (
            <button
              key={group}
              type="button"
              aria-pressed={interval === group}
              onClick={() => setBillingInterval(group)}
              className={cn(
                'rounded-ui px-4 py-1.5 text-sm font-medium',
                interval === group ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg',
              )}
            >
              {group === 'month' ? 'Monthly' : 'Annual'}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className="grid gap-6 md:grid-cols-3">
        {plans.map((product) => (
          <PricingCard key={product.id} {...cardProps(product)} />
        ))}
      </div>
      {addOns.length > 0 ? (
        <section aria-labelledby="add-ons" className="flex flex-col gap-4">
          <div>
            <h2 id="add-ons" className="text-lg font-semibold">
              Add-ons
            </h2>
            <p className="text-sm text-muted">Need a little more than your plan gives? Add it on any plan.</p>
          </div>
          {addOns.map((product) => (
            <AddOnCard key={product.id} {...cardProps(product)} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
