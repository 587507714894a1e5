import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

// SPEC.md's route builders live inside the dashboard; the bare addresses keep working.
const monitorsNew = createRoute({
  getParentRoute: () => rootRoute,
  path: '/monitors/new',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/monitors/new', replace: true });
  },
});

const deploymentsNew = createRoute({
  getParentRoute: () => rootRoute,
  path: '/deployments/new',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/deployments/new', replace: true });
  },
});

const reports = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reports',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/reports', replace: true });
  },
});

const groupsPublic = createRoute({
  getParentRoute: () => rootRoute,
  path: '/groups/public',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/groups/public', replace: true });
  },
});

const monitorIncidents = createRoute({
  getParentRoute: () => rootRoute,
  path: '/incidents/monitor/$id',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/dashboard/monitors/$id/incidents', params: { id: params.id }, replace: true });
  },
});

export const redirectRoutes = [monitorsNew, deploymentsNew, reports, groupsPublic, monitorIncidents];
