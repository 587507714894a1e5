import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { MonitorErrorPage } from '../../components/section-error';
import { PageHeader } from '../../components/ui/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import type { IncidentFilters } from '../../lib/incidents';
import { monitorQueryOptions } from '../../lib/monitors';
import { IncidentFilterBar } from './incident-filters';
import { IncidentListView } from './incident-list-view';
import { IncidentStatsPanel } from './incident-stats';

const route = getRouteApi('/dashboard/incidents/monitor/$id');

/**
 * The incident list narrowed to one monitor: open to every plan like the list itself, unlike
 * the monitor's own incidents tab, which SPEC.md gates behind incident management.
 */
export function MonitorIncidentsPage() {
  const { id } = route.useParams();
  const monitor = useQuery(monitorQueryOptions(id));
  const [filters, setFilters] = useState<Omit<IncidentFilters, 'monitorId'>>({});

  if (monitor.isPending) return <PageSpinner />;
  if (monitor.isError) return <MonitorErrorPage />;
  return (
    <>
      <PageHeader
        title={`Incidents of ${monitor.data.name}`}
        description={
          <Link to="/dashboard/monitors/$id" params={{ id }} className="text-accent hover:underline">
            Open the monitor
          </Link>
        }
      />
      <IncidentStatsPanel monitorId={id} />
      <IncidentFilterBar filters={filters} onChange={setFilters} withMonitor={false} />
      <IncidentListView
        filters={{ ...filters, monitorId: id }}
        empty="This monitor has had no incidents. When it fails its checks, the incident opens here."
      />
    </>
  );
}
