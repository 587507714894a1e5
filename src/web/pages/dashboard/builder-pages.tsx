import { FileBarChart } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

// Route builders SPEC.md names but does not show; their screens arrive with their features,
// behind the gates they will have. Reports are where email digests will live; the new
// deployment form lives in pages/deployments.

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
