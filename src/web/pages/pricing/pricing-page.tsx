import { PLAN_LIST } from '../../../core/plans';
import { PlanCard } from './plan-card';

// Where SPEC.md is silent, the middle tier is the one recommended, as most pricing pages do.
const RECOMMENDED_PLAN = 'starter';

export function PricingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight">Simple, honest pricing</h1>
        <p className="mt-3 text-muted">
          Start free. Upgrade when your sites need faster checks, longer history or the API.
        </p>
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.id} plan={plan} recommended={plan.id === RECOMMENDED_PLAN} />
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-muted">
        Prices in US dollars, billed monthly. Cancel anytime.
      </p>
    </div>
  );
}
