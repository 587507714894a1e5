import { Siren } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

export function IncidentsPage() {
  return (
    <>
      <PageHeader title="Incidents" description="Outages and degradations across your monitors." />
      <EmptyState icon={Siren} title="No incidents">
        When a monitor fails its checks, the incident opens here with a timeline.
      </EmptyState>
    </>
  );
}
