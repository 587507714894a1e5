import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SettingsErrorPage } from '../components/section-error';
import { dashboardRoute } from './dashboard';

const tabs = () => import('../pages/settings/settings-tabs');

const settingsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'settings',
  errorComponent: SettingsErrorPage,
  component: lazyRouteComponent(() => import('../pages/settings/settings-layout'), 'SettingsLayout'),
});

const settingsUserRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  component: lazyRouteComponent(tabs, 'UserSettingsTab'),
});

const settingsMembersRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'members',
  component: lazyRouteComponent(tabs, 'MembersTab'),
});

const settingsBillingRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'billing',
  component: lazyRouteComponent(tabs, 'BillingTab'),
});

const settingsNotificationsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'notifications',
  component: lazyRouteComponent(tabs, 'NotificationsTab'),
});

const settingsEscalationRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'escalation',
  component: lazyRouteComponent(tabs, 'EscalationTab'),
});

const settingsGroupsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'groups',
  component: lazyRouteComponent(tabs, 'PublicStatusTab'),
});

const settingsApiRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'api',
  component: lazyRouteComponent(tabs, 'ApiDocsTab'),
});

const settingsRegionsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'regions',
  component: lazyRouteComponent(tabs, 'RegionsTab'),
});

const settingsImportRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'import',
  component: lazyRouteComponent(tabs, 'ImportTab'),
});

const settingsAuditRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'audit',
  component: lazyRouteComponent(tabs, 'AuditLogTab'),
});

export const settingsRoutes = [
  settingsRoute.addChildren([
    settingsUserRoute,
    settingsMembersRoute,
    settingsBillingRoute,
    settingsNotificationsRoute,
    settingsEscalationRoute,
    settingsGroupsRoute,
    settingsRegionsRoute,
    settingsApiRoute,
    settingsImportRoute,
    settingsAuditRoute,
  ]),
];
