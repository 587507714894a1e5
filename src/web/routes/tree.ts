import { billingRoutes } from './billing';
import { dashboardChildren, dashboardRoute } from './dashboard';
import { incidentRoutes } from './incidents';
import { monitorRoutes } from './monitors';
import { publicRoutes } from './public';
import { redirectRoutes } from './redirects';
import { rootRoute } from './root';
import { settingsRoutes } from './settings';

export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  ...redirectRoutes,
  ...billingRoutes,
  dashboardRoute.addChildren([...dashboardChildren, ...monitorRoutes, ...incidentRoutes, ...settingsRoutes]),
]);
