import { Link } from '@tanstack/react-router';
import { Code2, Globe } from 'lucide-react';
import { formatCurrency } from '../../../core/plans';
import { FeatureGate } from '../../components/feature-gate';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { UpgradeCard } from '../../components/upgrade-card';
import { usePlan } from '../../lib/use-plan';

export { NotificationsTab } from './notifications/notifications-tab';
export { UserSettingsTab } from './user-settings-tab';

export function BillingTab() {
  const { plan, paid } = usePlan();
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Current plan</CardTitle>
          <CardDescription>{plan.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <p>
            <span className="text-2xl font-semibold">{plan.displayName}</span>{' '}
            <span className="text-muted">{formatCurrency(plan.monthlyPrice)} / month</span>
          </p>
          <Button asChild variant="secondary">
            <Link to="/pricing">Compare plans</Link>
          </Button>
        </CardContent>
      </Card>
      {paid ? null : <UpgradeCard />}
    </div>
  );
}

export function PublicStatusTab() {
  return (
    <FeatureGate gate="publicStatus">
      <EmptyState icon={Globe} title="No public status pages yet">
        Publish a status page for a group of monitors or a single monitor.
      </EmptyState>
    </FeatureGate>
  );
}

export function ApiDocsTab() {
  return (
    <FeatureGate gate="api">
      <EmptyState icon={Code2} title="API keys are coming">
        Create API keys for scripts and CI, and read the OpenAPI reference here.
      </EmptyState>
    </FeatureGate>
  );
}
