import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { MonitorErrorPage } from '../components/section-error';
import { monitorQueryOptions } from '../lib/monitors';
import { dashboardRoute } from './dashboard';

const tabs = () => import('../pages/monitors/monitor-tabs');

const monitorsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'monitors',
  component: lazyRouteComponent(() => import('../pages/monitors/monitors-page'), 'MonitorsPage'),
});

// A static segment outranks `$id`, so "new" is never read as a monitor id.
const newMonitorRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'monitors/new',
  component: lazyRouteComponent(() => import('../pages/monitors/new-monitor-page'), 'NewMonitorPage'),
});

const monitorRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'monitors/$id',
  loader: ({ context, params }) =>
    context.session ? context.queryClient.ensureQueryData(monitorQueryOptions(params.id)) : null,
  errorComponent: MonitorErrorPage,
  component: lazyRouteComponent(() => import('../pages/monitors/monitor-layout'), 'MonitorLayout'),
});

const monitorOverviewRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../pages/monitors/overview/overview-tab'), 'OverviewTab'),
});

const monitorUptimeRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'uptime',
  component: lazyRouteComponent(() => import('../pages/monitors/uptime/uptime-tab'), 'UptimeTab'),
});

const monitorPerformanceRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'performance',
  component: lazyRouteComponent(tabs, 'PerformanceTab'),
});

const monitorDeploymentsRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'deployments',
  component: lazyRouteComponent(
    () => import('../pages/monitors/deployments/deployments-tab'),
    'DeploymentsTab',
  ),
});

const monitorSecurityRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'security',
  component: lazyRouteComponent(() => import('../pages/monitors/security/security-tab'), 'SecurityTab'),
});

const monitorIncidentsRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'incidents',
  component: lazyRouteComponent(
    () => import('../pages/incidents/monitor-incidents-tab'),
    'MonitorIncidentsTab',
  ),
});

const monitorSettingsRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('../pages/monitors/settings/settings-tab'), 'SettingsTab'),
});

export const monitorRoutes = [
  monitorsRoute,
  newMonitorRoute,
  monitorRoute.addChildren([
    monitorOverviewRoute,
    monitorUptimeRoute,
    monitorPerformanceRoute,
    monitorDeploymentsRoute,
    monitorSecurityRoute,
    monitorIncidentsRoute,
    monitorSettingsRoute,
  ]),
];
