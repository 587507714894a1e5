// The feature slices' API routes, in one list: a new slice mounts itself here with one line.
// Order matters where routes overlap: subscribers before the status pages, whose public routes
// end in a catch-all 404 under /status. Routes that must sit before a middleware (pings, provider
// webhooks) or outside /api (unsubscribe and acknowledgement links, the SPA) stay in app.ts.
import type { Hono } from 'hono';
import { mountAlertRoutes } from '../../alerts/routes.ts';
import { mountAlertSettingsRoutes } from '../../alerts/settings-routes.ts';
import { mountApiKeyRoutes } from '../../api-keys/routes.ts';
import type { createApiKeyService } from '../../api-keys/service.ts';
import { mountAuditRoutes } from '../../audit/routes.ts';
import { mountPlanRoute } from '../../billing/plan-route.ts';
import { mountConfigRoutes } from '../../config-as-code/routes.ts';
import { mountDeploymentRoutes } from '../../deployments/routes.ts';
import { mountDigestRoutes } from '../../digests/routes.ts';
import { mountDomainRoutes } from '../../domains/routes.ts';
import { mountEscalationRoutes } from '../../escalation/routes.ts';
import { mountEventStream } from '../../event-streams/sse-route.ts';
import { mountHeartbeatPingRoutes } from '../../heartbeats/pings-route.ts';
import { mountHistoryRoutes } from '../../history/routes.ts';
import { mountImportRoutes } from '../../imports/routes.ts';
import { createImportService } from '../../imports/service.ts';
import { mountIncidentRoutes } from '../../incidents/routes.ts';
import { mountOutboxRoutes } from '../../mail/routes.ts';
import { mountMaintenanceRoutes } from '../../maintenance/routes.ts';
import { mountMonitorRoutes } from '../../monitor-api/routes.ts';
import { mountRumRoutes } from '../../performance/field/routes.ts';
import { mountPerformanceRoutes } from '../../performance/routes.ts';
import type { createApiRouter } from '../../platform/http/api-router.ts';
import type { AppEnv } from '../../platform/http/caller.ts';
import { mountRegionRoutes } from '../../regions/routes.ts';
import { mountRetentionRoutes } from '../../retention/routes.ts';
import { mountSslRoutes } from '../../ssl/routes.ts';
import type { StatusPages } from '../../status-pages/mount.ts';
import { mountSubscribers } from '../../status-pages/subscribers/mount.ts';
import { mountAccountRoutes } from '../../users/routes.ts';
import { mountMemberRoutes } from '../../workspaces/member-routes.ts';
import { mountWorkspaceRoutes } from '../../workspaces/routes.ts';
import type { AppDeps } from './app-deps.ts';

/** What a slice's routes are mounted with: the app's parts and the routers they go on. */
export interface RouteParts {
  app: Hono<AppEnv>;
  /** /api/v1, behind the session, CSRF and role guards. */
  api: ReturnType<typeof createApiRouter>;
  deps: AppDeps;
  apiKeys: ReturnType<typeof createApiKeyService>;
  statusPages: StatusPages;
  publicConfig: Parameters<typeof mountAccountRoutes>[1];
}

export const FEATURE_ROUTES: readonly ((parts: RouteParts) => void)[] = [
  ({ api, publicConfig }) => mountAccountRoutes(api, publicConfig),
  ({ api, deps }) => mountPlanRoute(api, deps.billing.entitlements),
  ({ api, deps }) => mountMonitorRoutes(api, deps.db, deps.clock, deps.monitors, deps.config.publicUrl),
  ({ api, deps }) => mountHeartbeatPingRoutes(api, deps.db),
  ({ api, deps }) => mountHistoryRoutes(api, deps.db, deps.clock),
  ({ api, deps }) => mountIncidentRoutes(api, deps.incidents),
  ({ api, deps }) => mountEventStream(api, deps.db, deps.clock, deps.events),
  ({ api, deps }) => mountAlertRoutes(api, deps.db, deps.alerts),
  ({ api, deps }) => mountAlertSettingsRoutes(api, deps.db, deps.clock),
  ({ api, deps }) => mountRegionRoutes(api, deps.db, deps.clock),
  ({ api, deps }) => mountEscalationRoutes(api, deps.escalation.policies, deps.escalation.monitors),
  ({ api, deps }) => mountOutboxRoutes(api, deps.db),
  ({ api, deps }) => mountSslRoutes(api, deps.db, deps.billing.entitlements),
  ({ api, deps }) => mountDomainRoutes(api, deps.db, deps.clock),
  ({ app, api, deps }) =>
    mountSubscribers(app, api, {
      ...deps.subscribers,
      db: deps.db,
      clock: deps.clock,
      entitlements: deps.billing.entitlements,
      trustProxy: deps.config.trustProxy,
    }),
  ({ app, api, statusPages }) => statusPages.mount(app, api),
  ({ api, apiKeys }) => mountApiKeyRoutes(api, apiKeys),
  ({ api, deps }) => mountDeploymentRoutes(api, deps.deployments),
  ({ api, deps }) => mountMaintenanceRoutes(api, deps.maintenance),
  ({ api, deps }) => mountPerformanceRoutes(api, deps.performance),
  ({ api, deps }) => mountRumRoutes(api, deps.rum),
  ({ api, deps }) => mountDigestRoutes(api, deps.digests),
  ({ api, deps }) => mountRetentionRoutes(api, deps.db, deps.clock),
  ({ api, deps }) => mountWorkspaceRoutes(api, deps.db, deps.clock, deps.workspaces.lifecycle),
  ({ api, deps }) => mountMemberRoutes(api, deps.workspaces.members, deps.workspaces.invitations),
  ({ api, deps }) => mountAuditRoutes(api, deps.db),
  ({ api, deps }) =>
    mountImportRoutes(
      api,
      createImportService({
        db: deps.db,
        monitors: deps.monitors,
        channels: deps.alerts,
        entitlements: deps.billing.entitlements,
      }),
    ),
  ({ api, deps }) => mountConfigRoutes(api, deps.configAsCode, deps.config.publicUrl),
];
