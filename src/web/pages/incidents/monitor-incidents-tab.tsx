import { useState } from 'react';
import { FeatureGate } from '../../components/feature-gate';
import type { IncidentFilters } from '../../lib/incidents';
import { useRouteMonitor } from '../../lib/use-monitor';
import { IncidentFilterBar } from './incident-filters';
import { IncidentListView } from './incident-list-view';
import { IncidentStatsPanel } from './incident-stats';

function MonitorIncidents() {
  const monitor = useRouteMonitor();
  const [filters, setFilters] = useState<IncidentFilters>({});
  return (
    <>
      <IncidentStatsPanel monitorId={monitor.id} />
      <IncidentFilterBar filters={filters} onChange={setFilters} withMonitor={false} />
      <IncidentListView
        filters={filters}
        scope={monitor.id}
        empty="Incidents for this monitor open and resolve here."
      />
    </>
  );
}

/** The monitor's incidents tab: incident management (SPEC.md §2, plan label Professional). */
export function MonitorIncidentsTab() {
  return (
    <FeatureGate gate="monitorIncidents">
      <MonitorIncidents />
    </FeatureGate>
  );
}
