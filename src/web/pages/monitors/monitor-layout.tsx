import { getRouteApi, Link, Outlet, useLocation } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ManagedBadge } from '../../components/managed';
import { FailingFromBadge } from '../../components/monitors/failing-from-badge';
import { MaintenanceBadge } from '../../components/monitors/maintenance-badge';
import { StatusBadge } from '../../components/monitors/status';
import { currentTab, type RouteTab, RouteTabs } from '../../components/ui/route-tabs';
import { useRouteMonitor } from '../../lib/use-monitor';
import { hasTab } from './kinds/faces';
import { KindTarget } from './kinds/kind-badge';

const route = getRouteApi('/dashboard/monitors/$id');

function monitorTabs(id: string): RouteTab[] {
  const params = { id };
  return [
    { value: 'overview', label: 'Overview', link: { to: '/dashboard/monitors/$id', params } },
    { value: 'uptime', label: 'Uptime', link: { to: '/dashboard/monitors/$id/uptime', params } },
    {
      value: 'performance',
      label: 'Performance',
      link: { to: '/dashboard/monitors/$id/performance', params },
    },
    {
      value: 'deployments',
      label: 'Deployments',
      link: { to: '/dashboard/monitors/$id/deployments', params },
    },
    { value: 'security', label: 'Security', link: { to: '/dashboard/monitors/$id/security', params } },
    { value: 'incidents', label: 'Incidents', link: { to: '/dashboard/monitors/$id/incidents', params } },
    { value: 'settings', label: 'Settings', link: { to: '/dashboard/monitors/$id/settings', params } },
  ];
}

export function MonitorLayout() {
  const { id } = route.useParams();
  const monitor = useRouteMonitor();
  const pathname = useLocation({ select: (location) => location.pathname });
  // Some tabs are a kind's own: Lighthouse measures pages, so only HTTP monitors have Performance;
  // a heartbeat fetches nothing, so it has no certificate to read and no response a deployment moves.
  const tabs = monitorTabs(id).filter((tab) => hasTab(monitor.kind, tab.value));

  return (
    <>
      <Link
        to="/dashboard/monitors"
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Monitors
      </Link>
      <div className="mb-6 min-w-0">
        {/* Badges wrap under a long name on a narrow screen instead of squeezing it to a few letters. */}
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="max-w-full truncate text-2xl font-semibold tracking-tight">{monitor.name}</h1>
          <StatusBadge status={monitor.status} />
          <FailingFromBadge failingFrom={monitor.failingFrom} status={monitor.status} />
          <MaintenanceBadge maintenance={monitor.maintenance} />
          <ManagedBadge managedKey={monitor.managedKey} />
        </div>
        <KindTarget kind={monitor.kind} target={monitor.target} className="mt-1 text-sm" />
      </div>
      <RouteTabs tabs={tabs} current={currentTab(pathname, tabs, 'overview')}>
        <Outlet />
      </RouteTabs>
    </>
  );
}
