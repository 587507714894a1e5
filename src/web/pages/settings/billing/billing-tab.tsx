import { PaymentMethodCard } from '../../../billing/payment-method-card';
import { PricingTable } from '../../../billing/pricing';
import { useCustomer } from '../../../billing/use-customer';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { UpgradeCard } from '../../../components/upgrade-card';
import { useCan } from '../../../lib/workspaces';
import { InvoicesCard } from '../../billing/invoices-card';
import { PlanCard } from './plan-card';
import { ReferralCard } from './referral-card';
import { subscriptionOf } from './subscription';
import { UsageCard } from './usage-card';
import { UsageChartCard } from './usage-chart-card';

/** Where the plans are compared and changed, and packs bought. */
function PlansSlot() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plans</CardTitle>
        <CardDescription>Change plan or buy monitor and performance-run packs.</CardDescription>
      </CardHeader>
      <CardContent>
        <PricingTable />
      </CardContent>
    </Card>
  );
}

/** What a member who is not the owner finds here: the workspace's billing is the owner's. */
function OwnersOnly() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing is managed by the workspace's owner</CardTitle>
        <CardDescription>
          Ask them to change the plan, the payment method or to send you an invoice.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** Settings → Billing & Subscription: plan, usage, add-ons, card, invoices and referrals. */
export function BillingTab() {
  return useCan('manageBilling') ? <OwnersBilling /> : <OwnersOnly />;
}

function OwnersBilling() {
  const { customer, isLoading, error } = useCustomer();
  if (isLoading) return <PageSpinner />;
  const subscription = subscriptionOf(customer?.products ?? []);
  return (
    <div className="flex flex-col gap-6">
      {error ? <FormError>{`We couldn't load your billing details. ${error.message}`}</FormError> : null}
      <PlanCard subscription={subscription} />
      <UpgradeCard />
      <UsageCard />
      <UsageChartCard />
      <PlansSlot />
      <PaymentMethodCard card={customer?.payment_method ?? null} returnPath="/dashboard/settings/billing" />
      <InvoicesCard invoices={customer?.invoices ?? []} />
      <ReferralCard />
    </div>
  );
}
