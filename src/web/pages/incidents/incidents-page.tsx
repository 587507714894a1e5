import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import type { IncidentFilters } from '../../lib/incidents';
import { CreateIncidentButton } from './create-incident-dialog';
import { IncidentFilterBar } from './incident-filters';
import { IncidentListView } from './incident-list-view';
import { ManagementUpgrade } from './management';

export function IncidentsPage() {
  const [filters, setFilters] = useState<IncidentFilters>({});
  return (
    <>
      <PageHeader
        title="Incidents"
        description="Outages and degradations across your monitors."
        actions={<CreateIncidentButton />}
      />
      <ManagementUpgrade className="mb-6" />
      <IncidentFilterBar filters={filters} onChange={setFilters} />
      <IncidentListView
        filters={filters}
        empty="When a monitor fails its checks, the incident opens here with a timeline."
      />
    </>
  );
}
