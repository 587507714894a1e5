import { Code2 } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';

export { BillingTab } from './billing/billing-tab';
export { NotificationsTab } from './notifications/notifications-tab';
export { PublicStatusTab } from './public-status/public-status-tab';
export { UserSettingsTab } from './user-settings-tab';

export function ApiDocsTab() {
  return (
    <FeatureGate gate="api">
      <EmptyState icon={Code2} title="API keys are coming">
        Create API keys for scripts and CI, and read the OpenAPI reference here.
      </EmptyState>
    </FeatureGate>
  );
}
