import { getRouteApi, Link, Outlet, useLocation } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { SectionError } from '../../components/section-error';
import { currentTab, type RouteTab, RouteTabs } from '../../components/ui/route-tabs';
import { FlappingBadge, IncidentStatusBadge, SeverityBadge } from './incident-badges';
import { useRouteIncident } from './use-route-incident';

const route = getRouteApi('/dashboard/incidents/$id');

function incidentTabs(id: string): RouteTab[] {
  const params = { id };
  return [
    { value: 'overview', label: 'Overview', link: { to: '/dashboard/incidents/$id', params } },
    { value: 'timeline', label: 'Timeline', link: { to: '/dashboard/incidents/$id/timeline', params } },
    { value: 'notes', label: 'Notes', link: { to: '/dashboard/incidents/$id/notes', params } },
    {
      value: 'monitors',
      label: 'Related Monitors',
      link: { to: '/dashboard/incidents/$id/monitors', params },
    },
    { value: 'resolution', label: 'Resolution', link: { to: '/dashboard/incidents/$id/resolution', params } },
  ];
}

export function IncidentLayout() {
  const { id } = route.useParams();
  const incident = useRouteIncident();
  const pathname = useLocation({ select: (location) => location.pathname });
  const tabs = incidentTabs(id);

  return (
    <>
      <Link
        to="/dashboard/incidents"
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Incidents
      </Link>
      <div className="mb-6 min-w-0">
        <h1 className="truncate text-2xl font-semibold tracking-tight">{incident.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <IncidentStatusBadge status={incident.status} />
          <SeverityBadge severity={incident.severity} />
          {incident.flapping ? <FlappingBadge /> : null}
          <span className="text-xs text-muted">
            {incident.source === 'automatic' ? 'Opened automatically' : 'Opened by hand'}
          </span>
        </div>
      </div>
      <RouteTabs tabs={tabs} current={currentTab(pathname, tabs, 'overview')}>
        <Outlet />
      </RouteTabs>
    </>
  );
}

export function IncidentNotFound() {
  return <SectionError title="Incident not found" message="This incident does not exist or was removed." />;
}
