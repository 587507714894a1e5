import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCurrency } from '../../../../core/plans';
import { productStatusLabel } from '../../../billing/labels';
import { useCustomer } from '../../../billing/use-customer';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { usePlan } from '../../../lib/use-plan';
import { useTimeZone } from '../../../lib/use-time-zone';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { addOnQuantity, cycleEnd, FALLBACK_PLAN, type Subscription } from './subscription';

function StatusBadge({ status }: { status: Parameters<typeof productStatusLabel>[0] }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'past_due' ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent',
      )}
    >
      {productStatusLabel(status)}
    </span>
  );
}

/** One line on when the plan next changes: a trial's end, a scheduled change, a cancel or a renewal. */
function useStatusLine({ current, scheduled }: Subscription): { text: string; warn: boolean } | null {
  const timeZone = useTimeZone();
  if (!current) return null;
  const end = cycleEnd(current);
  const on = (at: number) => formatDate(at, timeZone);
  // A cancel also schedules the fallback plan; only a move to another paid plan is a "change".
  if (scheduled && scheduled.id !== FALLBACK_PLAN.id) {
    return { text: `Changes to ${scheduled.name} on ${on(scheduled.started_at)}`, warn: true };
  }
  if (current.canceled_at !== null)
    return { text: `Cancels on ${on(end ?? current.canceled_at)}`, warn: true };
  if (current.status === 'trialing' && end !== null) return { text: `Trial ends on ${on(end)}`, warn: false };
  return end !== null ? { text: `Renews on ${on(end)}`, warn: false } : null;
}

function ManageBillingButton() {
  const { openBillingPortal } = useCustomer();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const result = await openBillingPortal({ returnUrl: window.location.href });
    setBusy(false);
    if (result.error) toast.error(`We couldn't open the billing portal. ${result.error.message}`);
  };
  return (
    <Button variant="secondary" onClick={() => void open()} disabled={busy}>
      Manage billing
      <ExternalLink className="size-4" aria-hidden />
    </Button>
  );
}

export function PlanCard({ subscription }: { subscription: Subscription }) {
  const { plan, limits } = usePlan();
  const timeZone = useTimeZone();
  const status = useStatusLine(subscription);
  const { current, scheduled, addOns } = subscription;
  const end = current ? cycleEnd(current) : null;
  const cancellable = current !== null && plan.monthlyPrice > 0 && current.canceled_at === null && !scheduled;
  const until = end !== null ? `until ${formatDate(end, timeZone)}` : 'until the end of this billing cycle';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Current plan</CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-2xl font-semibold">{plan.displayName}</span>
              <span className="text-muted">{formatCurrency(plan.monthlyPrice)} / month</span>
              {current ? <StatusBadge status={current.status} /> : null}
            </p>
            {status ? (
              <p className={cn('mt-1 text-sm', status.warn ? 'text-warning' : 'text-muted')}>{status.text}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <ManageBillingButton />
            {cancellable && current ? (
              <CancelPlanDialog productId={current.id} plan={plan} until={until} />
            ) : null}
          </div>
        </div>
        {addOns.length > 0 ? (
          <section>
            <h3 className="text-sm font-medium">Add-ons</h3>
            <ul className="mt-2 divide-y divide-border rounded-ui border border-border text-sm">
              {addOns.map((addOn) => (
                <li key={addOn.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="font-medium">{addOn.name}</span>
                  <span className="text-muted">{addOnQuantity(addOn, plan, limits)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
