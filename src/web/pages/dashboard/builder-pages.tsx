import { FileBarChart, GitBranch, Globe } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

// Route builders SPEC.md names but does not show; their screens arrive with their features.

export function NewDeploymentPage() {
  return (
    <>
      <PageHeader title="New deployment" description="Record a deployment against your monitors." />
      <EmptyState icon={GitBranch} title="Deployment tracking is coming">
        Deployments from GitHub Actions, Vercel, Netlify and the API will be recorded here.
      </EmptyState>
    </>
  );
}

export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" description="Uptime and performance summaries." />
      <EmptyState icon={FileBarChart} title="No reports yet">
        Reports summarise your monitors once they have history.
      </EmptyState>
    </>
  );
}

export function PublicGroupsPage() {
  return (
    <>
      <PageHeader title="Public status groups" description="Group monitors onto a public status page." />
      <EmptyState icon={Globe} title="No public groups yet">
        A public group gives a set of monitors one status page to share with your customers.
      </EmptyState>
    </>
  );
}
