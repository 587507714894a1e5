import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadSession } from '../lib/session-guard';
import { rootRoute } from './root';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  // Child loaders read `session` to skip server calls for signed-out visitors, who only
  // see the sign-in prompt.
  beforeLoad: async ({ context }) => ({ session: await loadSession(context.queryClient) }),
  // Lazy like every screen: the landing page and sign-in never download the dashboard's shell.
  component: lazyRouteComponent(() => import('../components/shell/dashboard-layout'), 'DashboardLayout'),
});

const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../pages/dashboard/dashboard-home'), 'DashboardHome'),
});

const performanceRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'performance',
  component: lazyRouteComponent(() => import('../pages/performance/performance-page'), 'PerformancePage'),
});

const performanceSiteRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'performance/$siteId',
  component: lazyRouteComponent(() => import('../pages/performance/site-page'), 'SitePage'),
});

const deploymentsNewRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'deployments/new',
  component: lazyRouteComponent(
    () => import('../pages/deployments/new-deployment-page'),
    'NewDeploymentPage',
  ),
});

const maintenanceRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'maintenance',
  component: lazyRouteComponent(() => import('../pages/maintenance/maintenance-page'), 'MaintenancePage'),
});

const reportsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'reports',
  component: lazyRouteComponent(() => import('../pages/reports/reports-page'), 'ReportsPage'),
});

const reportRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'reports/$id',
  component: lazyRouteComponent(() => import('../pages/reports/report-page'), 'ReportPage'),
});

const groupsPublicRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'groups/public',
  component: lazyRouteComponent(() => import('../pages/dashboard/public-groups-page'), 'PublicGroupsPage'),
});

export const dashboardChildren = [
  dashboardIndexRoute,
  performanceRoute,
  performanceSiteRoute,
  deploymentsNewRoute,
  maintenanceRoute,
  reportsRoute,
  reportRoute,
  groupsPublicRoute,
];
