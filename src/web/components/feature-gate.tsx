import { Link } from '@tanstack/react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { type FeatureKey, lowestPlanWith } from '../../core/plans';
import { useHasFeature, usePlan } from '../lib/use-plan';
import { Button } from './ui/button';
import { PageSpinner } from './ui/spinner';
import { UpgradeCard } from './upgrade-card';

/** Names the cheapest plan with the feature (a deliberate departure from SPEC.md's labels). */
export function FeatureUnavailable({ feature }: { feature: FeatureKey }) {
  const plan = lowestPlanWith(feature);
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface text-muted">
        <Lock className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold">Feature Unavailable</h1>
      <p className="mt-2 text-muted">
        This feature requires a {plan.displayName} subscription plan or higher.
      </p>
      <Button asChild variant="secondary" className="mt-5">
        <Link to="/dashboard">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Dashboard
        </Link>
      </Button>
      <UpgradeCard trigger="feature" className="mt-8 w-full" />
    </div>
  );
}

/** Shows `children` when the plan has `feature`; a spinner (not a paywall) while billing loads. */
export function FeatureGate({ feature, children }: { feature: FeatureKey; children: ReactNode }) {
  const allowed = useHasFeature(feature);
  const { isLoading } = usePlan();
  if (allowed) return children;
  return isLoading ? <PageSpinner /> : <FeatureUnavailable feature={feature} />;
}
