import { Code2, Globe } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';

export { BillingTab } from './billing/billing-tab';
export { NotificationsTab } from './notifications/notifications-tab';
export { UserSettingsTab } from './user-settings-tab';

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
