import { Link } from '@tanstack/react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { lowestPlanWith } from '../../core/plans';
import { useHasFeature, usePlan } from '../lib/use-plan';
import { GATES, type GateId } from './gates';
import { Button } from './ui/button';
import { PageSpinner } from './ui/spinner';
import { UpgradeCard } from './upgrade-card';

/**
 * Names the cheapest plan with the feature, not SPEC.md's per-gate labels (Business, Solo,
 * Professional), which name plans Upwatch does not sell.
 */
export function FeatureUnavailable({ gate }: { gate: GateId }) {
  const { feature, name } = GATES[gate];
  const plan = lowestPlanWith(feature);
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface text-muted">
        <Lock className="size-6" aria-hidden />
      </span>
      <p className="mt-4 text-sm font-medium text-accent">{name}</p>
      <h1 className="mt-1 text-xl font-semibold">Feature Unavailable</h1>
      <p className="mt-2 text-muted">
        This feature requires a {plan.displayName} subscription plan or higher.
      </p>
      <Button asChild variant="secondary" className="mt-5">
        <Link to="/dashboard">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Dashboard
        </Link>
      </Button>
      <UpgradeCard trigger="feature" feature={feature} className="mt-8 w-full" />
    </div>
  );
}

/** Shows `children` when the plan passes the gate; a spinner (not a paywall) while billing loads. */
export function FeatureGate({ gate, children }: { gate: GateId; children: ReactNode }) {
  const allowed = useHasFeature(GATES[gate].feature);
  const { isLoading } = usePlan();
  if (allowed) return children;
  return isLoading ? <PageSpinner /> : <FeatureUnavailable gate={gate} />;
}
