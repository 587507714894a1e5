import { useState } from 'react';
import { toast } from 'sonner';
import { featuresLost, type Plan } from '../../../../core/plans';
import { useCustomer } from '../../../billing/use-customer';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatNumber } from '../../../lib/format';
import { FALLBACK_PLAN, historyPruned } from './subscription';

/** Cancel at the end of the cycle, after saying exactly what moving to Free takes away. */
export function CancelPlanDialog({
  productId,
  plan,
  until,
}: {
  productId: string;
  plan: Plan;
  until: string;
}) {
  const { cancel } = useCustomer();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lost = featuresLost(plan.id, FALLBACK_PLAN.id);
  const pruned = historyPruned(plan, FALLBACK_PLAN);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await cancel({ productId });
    setBusy(false);
    if (result.error) {
      setError(result.error.message);
      return;
    }
    setOpen(false);
    toast.success(`${plan.displayName} is cancelled. You keep it ${until}.`);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={<Button variant="secondary">Cancel plan</Button>}
      title={`Cancel ${plan.displayName}?`}
      description={`You keep ${plan.displayName} ${until}. Then your account moves to ${FALLBACK_PLAN.displayName}.`}
      confirmLabel="Cancel plan"
      pendingLabel="Cancelling…"
      cancelLabel="Keep plan"
      tone="destructive"
      pending={busy}
      error={error}
      onConfirm={() => void confirm()}
    >
      {lost.length > 0 ? (
        <section className="text-sm">
          <h3 className="font-medium">Features you lose</h3>
          <ul aria-label="Features you lose" className="mt-1 list-disc pl-5 text-muted">
            {lost.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {pruned.length > 0 ? (
        <section className="text-sm">
          <h3 className="font-medium">History that will be deleted</h3>
          <ul aria-label="History that will be deleted" className="mt-1 list-disc pl-5 text-muted">
            {pruned.map(({ label, keptDays, nowDays }) => (
              <li key={label}>
                {label} older than {formatNumber(keptDays)} days (now kept {formatNumber(nowDays)} days)
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ConfirmDialog>
  );
}
