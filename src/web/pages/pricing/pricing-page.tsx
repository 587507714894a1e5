import { PricingTable } from '../../billing/pricing';

export function PricingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight">Simple, honest pricing</h1>
        <p className="mt-3 text-muted">
          Start free. Upgrade when your sites need faster checks, longer history or the API.
        </p>
        <p className="mt-2 font-medium">Unlimited team members on every plan: we never charge per seat.</p>
      </div>
      <div className="mt-12">
        <PricingTable />
      </div>
      <p className="mt-8 text-center text-sm text-muted">
        Prices in US dollars, billed monthly. Cancel anytime.
      </p>
    </div>
  );
}
