import { FileBarChart, GitBranch } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

// Route builders SPEC.md names but does not show; their screens arrive with their features,
// behind the gates they will have. Reports are where email digests will live.

export function NewDeploymentPage() {
  return (
    <>
      <PageHeader title="New deployment" description="Record a deployment against your monitors." />
      <FeatureGate gate="monitorDeployments">
        <EmptyState icon={GitBranch} title="Deployment tracking is coming">
          Deployments from GitHub Actions, Vercel, Netlify and the API will be recorded here.
        </EmptyState>
      </FeatureGate>
    </>
  );
}

export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" description="Email digests: uptime and performance summaries." />
      <FeatureGate gate="digests">
        <EmptyState icon={FileBarChart} title="No reports yet">
          Reports summarise your monitors once they have history.
        </EmptyState>
      </FeatureGate>
    </>
  );
}
