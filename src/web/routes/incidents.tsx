import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { incidentQueryOptions } from '../lib/incidents';
import { dashboardRoute } from './dashboard';

const tabs = () => import('../pages/incidents/incident-tabs');

const incidentsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'incidents',
  component: lazyRouteComponent(() => import('../pages/incidents/incidents-page'), 'IncidentsPage'),
});

const monitorIncidentsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'incidents/monitor/$id',
  component: lazyRouteComponent(
    () => import('../pages/incidents/monitor-incidents-page'),
    'MonitorIncidentsPage',
  ),
});

const incidentRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'incidents/$id',
  loader: ({ context, params }) =>
    context.session ? context.queryClient.ensureQueryData(incidentQueryOptions(params.id)) : null,
  notFoundComponent: lazyRouteComponent(
    () => import('../pages/incidents/incident-layout'),
    'IncidentNotFound',
  ),
  component: lazyRouteComponent(() => import('../pages/incidents/incident-layout'), 'IncidentLayout'),
});

const incidentOverviewRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: '/',
  component: lazyRouteComponent(tabs, 'OverviewTab'),
});

const incidentTimelineRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'timeline',
  component: lazyRouteComponent(tabs, 'TimelineTab'),
});

const incidentNotesRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'notes',
  component: lazyRouteComponent(tabs, 'NotesTab'),
});

const incidentMonitorsRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'monitors',
  component: lazyRouteComponent(tabs, 'RelatedMonitorsTab'),
});

const incidentResolutionRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'resolution',
  component: lazyRouteComponent(tabs, 'ResolutionTab'),
});

export const incidentRoutes = [
  incidentsRoute,
  monitorIncidentsRoute,
  incidentRoute.addChildren([
    incidentOverviewRoute,
    incidentTimelineRoute,
    incidentNotesRoute,
    incidentMonitorsRoute,
    incidentResolutionRoute,
  ]),
];
