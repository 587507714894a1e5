import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useBillingClient } from '../../billing/billing-context';
import { PaymentMethodCard } from '../../billing/payment-method-card';
import { customerQueryOptions } from '../../billing/queries';
import { SectionError } from '../../components/section-error';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { InvoicesCard } from './invoices-card';
import { SubscriptionCard } from './subscription-card';

/** The local provider's billing portal: plan, card on file and invoices. */
export function PortalPage() {
  const { data: customer, isPending, isError } = useQuery(customerQueryOptions(useBillingClient()));
  if (isPending) return <PageSpinner />;
  if (isError || !customer) {
    return (
      <SectionError
        title="Billing Error"
        message="We couldn't load your billing details. Please check your connection and try again."
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Billing"
        description={[customer.name, customer.email].filter(Boolean).join(' · ') || undefined}
        actions={
          <Button asChild variant="secondary">
            <Link to="/pricing">Compare plans</Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <SubscriptionCard products={customer.products} />
        <PaymentMethodCard card={customer.payment_method ?? null} returnPath="/billing/portal" />
        <InvoicesCard invoices={customer.invoices ?? []} />
      </div>
    </>
  );
}
