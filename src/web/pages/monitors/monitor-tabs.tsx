import { Gauge, GitBranch } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';

// Each of these tabs' real screen arrives with its feature; the gates are already the real ones.
// Overview, uptime, security and settings live in their own folders; incidents in pages/incidents.

export function PerformanceTab() {
  return (
    <EmptyState icon={Gauge} title="No performance runs yet">
      Core Web Vitals from lab runs appear here.
    </EmptyState>
  );
}

export function DeploymentsTab() {
  return (
    <FeatureGate gate="monitorDeployments">
      <EmptyState icon={GitBranch} title="No deployments yet">
        Deployments reported by CI or webhooks appear here next to the checks they affected.
      </EmptyState>
    </FeatureGate>
  );
}
