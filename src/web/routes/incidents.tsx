import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { incidentQueryOptions } from '../lib/incidents';
import { dashboardRoute } from './dashboard';

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
  component: lazyRouteComponent(() => import('../pages/incidents/overview-tab'), 'OverviewTab'),
});

const incidentTimelineRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'timeline',
  component: lazyRouteComponent(() => import('../pages/incidents/timeline-tab'), 'TimelineTab'),
});

const incidentNotesRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'notes',
  component: lazyRouteComponent(() => import('../pages/incidents/notes-tab'), 'NotesTab'),
});

const incidentMonitorsRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'monitors',
  component: lazyRouteComponent(
    () => import('../pages/incidents/related-monitors-tab'),
    'RelatedMonitorsTab',
  ),
});

const incidentResolutionRoute = createRoute({
  getParentRoute: () => incidentRoute,
  path: 'resolution',
  component: lazyRouteComponent(() => import('../pages/incidents/resolution-tab'), 'ResolutionTab'),
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
