import {
  BellRing,
  Clock,
  ExternalLink,
  History,
  type LucideIcon,
  MonitorCheck,
  Sparkles,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type FeatureKey, featuresLost, isLowerPlan, PLAN_LIST, PLANS, type Plan } from '../../core/plans';
import { LazyCheckoutDialog, preloadCheckoutDialog } from '../billing/dialogs/lazy-checkout-dialog';
import { useCustomer } from '../billing/use-customer';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { usePlan } from '../lib/use-plan';
import { useCan } from '../lib/workspaces';
import { type UpgradeTrigger, upgradeTarget } from './gates';
import { Button } from './ui/button';

/** The card's message, naming the plan it checks out (SPEC.md's wording when that plan is Pro). */
export function upgradeMessage(trigger: UpgradeTrigger, plan: Plan): string {
  if (trigger === 'limit') return "You've reached your monitor limit on the free plan.";
  if (trigger === 'feature') return `This feature is available with the ${plan.displayName} plan.`;
  return `Unlock more powerful monitoring with ${plan.displayName}.`;
}

const GUARANTEE = 'Cancel anytime • Full refund within 30 days';

interface Benefit {
  icon: LucideIcon;
  title: string;
  detail: string;
}

function limitText(limit: number | string): string {
  return typeof limit === 'number' ? formatNumber(limit) : 'unlimited';
}

/** "Versus 90 days on Starter and 7 days on Free.": each plan below `plan`, nearest first. */
function versus(plan: Plan, quote: (below: Plan) => string): string {
  const below = PLAN_LIST.filter((candidate) => isLowerPlan(candidate.id, plan.id)).reverse();
  const parts = below.map((lower) => `${quote(lower)} on ${lower.displayName}`);
  const joined = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `Versus ${joined}.`;
}

function everyMinutes(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

// Each tile quotes what `plan` (the one the card checks out) gives, read from the plan table.
function benefits(plan: Plan): Benefit[] {
  const below = PLAN_LIST[PLAN_LIST.indexOf(plan) - 1] ?? PLANS.free;
  const added = featuresLost(plan.id, below.id).join(', ');
  const inherited = below.id === 'free' ? '' : `, and everything in ${below.displayName}`;
  return [
    {
      icon: MonitorCheck,
      title: `Up to ${limitText(plan.limits.monitorsMax)} monitors`,
      detail: versus(plan, (lower) => limitText(lower.limits.monitorsMax)),
    },
    {
      icon: Clock,
      title: `Checks every ${everyMinutes(plan.limits.minCheckIntervalMinutes)}`,
      detail: versus(plan, (lower) => `every ${everyMinutes(lower.limits.minCheckIntervalMinutes)}`),
    },
    {
      icon: History,
      title: `${plan.limits.retentionDays.checks} days of history`,
      detail: versus(plan, (lower) => `${lower.limits.retentionDays.checks} days`),
    },
    {
      icon: BellRing,
      title: `${plan.displayName} features`,
      detail: `${added}${inherited}.`,
    },
  ];
}

/**
 * Starts checkout of `plan`: `checkout` follows a returned URL (the payment page) and otherwise
 * opens CheckoutDialog with the preview, as the pricing table does.
 */
function useStartCheckout(plan: Plan | null) {
  const { checkout } = useCustomer();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!plan) return;
    setBusy(true);
    void preloadCheckoutDialog();
    try {
      const result = await checkout({
        productId: plan.id,
        successUrl: window.location.href,
        dialog: LazyCheckoutDialog,
      });
      if (result.error) throw result.error;
    } catch (error) {
      console.error('Failed to initiate checkout', error);
      toast.error(`We couldn't start the upgrade to ${plan.displayName}. Please try again.`);
    } finally {
      setBusy(false);
    }
  };
  return { start, busy };
}

/**
 * SPEC.md's upgrade offer. Shown only when there is a plan to offer (see `upgradeTarget`):
 * `feature` names what the screen needs, so a paid user still sees it where a higher plan has it.
 */
export function UpgradeCard({
  trigger = 'general',
  feature,
  compact = false,
  className,
}: {
  trigger?: UpgradeTrigger;
  feature?: FeatureKey;
  compact?: boolean;
  className?: string;
}) {
  const { plan, isLoading } = usePlan();
  const target = isLoading ? null : upgradeTarget(plan.id, feature, trigger);
  const { start, busy } = useStartCheckout(target);
  // Only a workspace's owner pays; everyone else is told whom to ask.
  const mayPay = useCan('manageBilling');
  if (!target) return null;
  const message = upgradeMessage(trigger, target);
  const upgradeButton = (label: string, size: 'sm' | 'md') =>
    mayPay ? (
      <Button size={size} onClick={() => void start()} disabled={busy}>
        <Sparkles className="size-4" aria-hidden />
        {busy ? 'Starting checkout…' : label}
      </Button>
    ) : (
      <p className="text-sm text-muted">Ask the workspace's owner to upgrade.</p>
    );

  if (compact) {
    return (
      <div
        className={cn(
          'flex flex-col gap-3 rounded-ui border border-accent/30 bg-accent-soft p-4 sm:flex-row sm:items-center',
          className,
        )}
      >
        <div className="flex-1">
          <p className="text-sm font-medium">{message}</p>
          <p className="mt-0.5 text-xs text-muted">{GUARANTEE}</p>
        </div>
        {upgradeButton('Upgrade', 'sm')}
      </div>
    );
  }

  return (
    <section className={cn('rounded-ui border border-accent/30 bg-accent-soft p-6 text-left', className)}>
      <div className="flex items-center gap-2 text-accent">
        <Sparkles className="size-5" aria-hidden />
        <h2 className="text-xl font-semibold tracking-tight text-fg">{`Upgrade to ${target.displayName}`}</h2>
      </div>
      <p className="mt-2 text-sm text-muted">{message}</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {benefits(target).map(({ icon: Icon, title, detail }) => (
          <li key={title} className="flex gap-3 rounded-ui border border-border bg-bg p-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
            <div>
              <p className="text-sm font-medium">{title}</p>
              <p className="text-xs text-muted">{detail}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">{GUARANTEE}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            {/* biome-ignore lint/a11y/noAmbiguousAnchorText: SPEC.md's exact label; the card's heading gives it context */}
            <a href="/pricing" target="_blank" rel="noopener noreferrer">
              Learn More
              <ExternalLink className="size-4" aria-hidden />
            </a>
          </Button>
          {upgradeButton(`Upgrade to ${target.displayName}`, 'md')}
        </div>
      </div>
    </section>
  );
}
