import { getRouteApi, Link } from '@tanstack/react-router';
import { Siren } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

const route = getRouteApi('/dashboard/incidents/monitor/$id');

export function MonitorIncidentsPage() {
  const { id } = route.useParams();
  return (
    <>
      <PageHeader
        title="Monitor incidents"
        description={
          <Link to="/dashboard/monitors/$id" params={{ id }} className="text-accent hover:underline">
            Open the monitor
          </Link>
        }
      />
      <FeatureGate gate="monitorIncidents">
        <EmptyState icon={Siren} title="No incidents">
          Incidents of this monitor appear here.
        </EmptyState>
      </FeatureGate>
    </>
  );
}
