import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Kysely } from 'kysely';
import { KUMA_DB_MAX_BYTES } from '../../../core/api/imports.ts';
import type { PrerenderedPath } from '../../../core/prerender.ts';
import type { ChannelService } from '../../alerts/channel-service.ts';
import { mountAlertRoutes } from '../../alerts/routes.ts';
import { mountAlertSettingsRoutes } from '../../alerts/settings-routes.ts';
import { BEARER_SECURITY, mountApiKeyRoutes } from '../../api-keys/routes.ts';
import { createApiKeyService } from '../../api-keys/service.ts';
import { mountAuditRoutes } from '../../audit/routes.ts';
import { type Auth, trustedOrigins } from '../../auth/auth.ts';
import type { Billing } from '../../billing/create-billing.ts';
import { mountPlanRoute } from '../../billing/plan-route.ts';
import { mountConfigRoutes } from '../../config-as-code/routes.ts';
import type { ConfigService } from '../../config-as-code/service.ts';
import { mountDeploymentRoutes } from '../../deployments/routes.ts';
import type { DeploymentService } from '../../deployments/service.ts';
import { mountDeploymentWebhooks } from '../../deployments/webhook-routes.ts';
import { mountDigestRoutes } from '../../digests/routes.ts';
import type { DigestService } from '../../digests/service.ts';
import { mountUnsubscribeRoutes } from '../../digests/unsubscribe-routes.ts';
import { mountDomainRoutes } from '../../domains/routes.ts';
import { mountAckRoutes } from '../../escalation/ack-routes.ts';
import type { Escalation } from '../../escalation/create-escalation.ts';
import { mountEscalationRoutes } from '../../escalation/routes.ts';
import { mountEventStream } from '../../event-streams/sse-route.ts';
import { mountPingRoutes } from '../../heartbeats/ping-routes.ts';
import { mountHeartbeatPingRoutes } from '../../heartbeats/pings-route.ts';
import type { PingDeps } from '../../heartbeats/receive-ping.ts';
import { mountHistoryRoutes } from '../../history/routes.ts';
import { mountImportRoutes } from '../../imports/routes.ts';
import { createImportService } from '../../imports/service.ts';
import { mountIncidentRoutes } from '../../incidents/routes.ts';
import type { IncidentService } from '../../incidents/service.ts';
import { mountOutboxRoutes } from '../../mail/routes.ts';
import { mountMaintenanceRoutes } from '../../maintenance/routes.ts';
import type { MaintenanceService } from '../../maintenance/service.ts';
import { mountWorkspaceMetrics } from '../../metrics/routes.ts';
import { mountMonitorRoutes } from '../../monitor-api/routes.ts';
import type { MonitorService } from '../../monitor-api/service.ts';
import { mountPerformanceRoutes } from '../../performance/routes.ts';
import type { PerformanceService } from '../../performance/service.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import {
  limitBody,
  MiB,
  rejectMalformedJson,
  rejectNulInForm,
  rejectNulInUrl,
} from '../../platform/http/body-guards.ts';
import type { Logger } from '../../platform/logger.ts';
import { mountRegionRoutes } from '../../regions/routes.ts';
import { mountRetentionRoutes } from '../../retention/routes.ts';
import { mountSslRoutes } from '../../ssl/routes.ts';
import { framingByOwnPolicy } from '../../status-pages/embed/framing.ts';
import { createStatusPages } from '../../status-pages/mount.ts';
import type { PageDirectory } from '../../status-pages/page-directory.ts';
import { mountSubscribers, type SubscriberDeps } from '../../status-pages/subscribers/mount.ts';
import { mountAccountRoutes } from '../../users/routes.ts';
import type { InvitationService } from '../../workspaces/invitations.ts';
import type { WorkspaceLifecycle } from '../../workspaces/lifecycle.ts';
import { mountMemberRoutes } from '../../workspaces/member-routes.ts';
import type { MemberService } from '../../workspaces/members.ts';
import { roleGuard } from '../../workspaces/role-guard.ts';
import { mountWorkspaceRoutes } from '../../workspaces/routes.ts';

/** The two routes that take a Uptime Kuma database as their body (imports/routes.ts). */
const KUMA_DB_UPLOAD = /^\/api\/v1\/imports\/kuma-db(\/preview)?$/;

import { loadSession } from '../../auth/load-session.ts';
import type { AppEnv } from '../../platform/http/caller.ts';
import { clientAddress, requestWithClientIp } from '../../platform/http/client-ip.ts';
import { compressJson } from '../../platform/http/compress-json.ts';
import { refuseCrossSiteWrites } from '../../platform/http/csrf.ts';
import { apiNotFound, createErrorHandler } from '../../platform/http/errors.ts';
import { securityHeaders } from '../../platform/http/security-headers.ts';
import { withOptionalRequestDefaults } from './openapi-document.ts';
import { mountSpa } from './spa.ts';

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'github' | 'trustProxy' | 'testMode'> &
    Partial<Pick<Config, 'dnsResolver'>>;
  /** SECRET_KEY: signs the cookie a private status page's password form sets. */
  secret: string;
  db: Kysely<Database>;
  clock: Clock;
  auth: Auth;
  monitors: MonitorService;
  incidents: IncidentService;
  billing: Billing;
  alerts: ChannelService;
  /** upwatch.yaml: apply, export and its JSON Schema. */
  configAsCode: ConfigService;
  /** Which page a slug or hostname names, cached per process; writers forget what they change. */
  pageDirectory: PageDirectory;
  deployments: DeploymentService;
  performance: PerformanceService;
  digests: DigestService;
  escalation: Escalation;
  maintenance: MaintenanceService;
  /** Status page subscribers: what sign-ups and the owner's list need beyond the app's own parts. */
  subscribers: Pick<SubscriberDeps, 'secret' | 'vetUrl'>;
  workspaces: { members: MemberService; invitations: InvitationService; lifecycle: WorkspaceLifecycle };
  events: EventBus;
  /** What a heartbeat ping needs to be judged like a check result. */
  pings: PingDeps;
  logger: Logger;
  webDistDir: string;
}

export function createApp({
  config,
  secret,
  db,
  clock,
  auth,
  monitors,
  incidents,
  billing,
  alerts,
  configAsCode,
  pageDirectory,
  deployments,
  performance,
  digests,
  escalation,
  maintenance,
  subscribers,
  workspaces,
  events,
  pings,
  logger,
  webDistDir,
}: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  const statusPages = createStatusPages({
    db,
    directory: pageDirectory,
    clock,
    auth,
    secret,
    entitlements: billing.entitlements,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    dnsResolver: config.dnsResolver,
  });
  app.use('*', framingByOwnPolicy);
  // overwrite: false keeps headers a route sets itself (status pages' CSP, badges' CORP).
  app.use('*', secureHeaders({ overwrite: false }));
  app.use('*', securityHeaders);
  // U+0000 in a URL or a form: PostgreSQL cannot store it (body-guards.ts); JSON bodies below.
  app.use('*', rejectNulInUrl, rejectNulInForm);
  app.use('*', statusPages.customDomains);
  // Before the 1 MiB JSON guard: pings are plain text (or anything), cut at 10 KB. Before the
  // JSON compressor too: their answer is two bytes of text, and they come many a second.
  mountPingRoutes(app, { ...pings, trustProxy: config.trustProxy });
  // Only /api: status pages gzip their cached bytes themselves, and the SPA's files come
  // precompressed from the build.
  app.use('/api/*', compressJson);
  // Also before the JSON guard: provider webhooks take up to 10 MiB and read their raw body.
  mountDeploymentWebhooks(app, deployments);
  // A kuma.db upload is a file, not JSON: its routes hold their own, larger bound.
  const jsonBody = limitBody(MiB);
  const kumaDb = limitBody(KUMA_DB_MAX_BYTES);
  app.use('/api/*', (c, next) => (KUMA_DB_UPLOAD.test(c.req.path) ? kumaDb(c, next) : jsonBody(c, next)));
  app.use('/api/*', rejectMalformedJson);
  // For the audit log, on every API the app's own and the billing one.
  app.use('/api/*', async (c, next) => {
    c.set('clientAddress', clientAddress(c, config.trustProxy) ?? null);
    await next();
  });

  app.on(['GET', 'POST'], '/api/auth/*', async (c) =>
    auth.handler(await requestWithClientIp(c, config.trustProxy)),
  );

  const api = createApiRouter();
  const apiKeys = createApiKeyService({ db, clock, entitlements: billing.entitlements, events });
  api.use('*', loadSession(auth, db, apiKeys.authenticate));
  // A write made with the session cookie must come from Upwatch's own origins (csrf.ts).
  api.use('*', refuseCrossSiteWrites(trustedOrigins(config.publicUrl)));
  api.use('*', roleGuard('/api/v1'));
  const publicConfig = {
    githubSignIn: Boolean(config.github),
    publicUrl: config.publicUrl,
    testMode: config.testMode,
  };
  mountAccountRoutes(api, publicConfig);
  mountPlanRoute(api, billing.entitlements);
  mountMonitorRoutes(api, db, clock, monitors, config.publicUrl);
  mountHeartbeatPingRoutes(api, db);
  mountHistoryRoutes(api, db, clock);
  mountIncidentRoutes(api, incidents);
  mountEventStream(api, db, clock, events);
  mountAlertRoutes(api, db, alerts);
  mountAlertSettingsRoutes(api, db, clock);
  mountRegionRoutes(api, db, clock);
  mountEscalationRoutes(api, escalation.policies, escalation.monitors);
  mountOutboxRoutes(api, db);
  mountSslRoutes(api, db, billing.entitlements);
  mountDomainRoutes(api, db, clock);
  // Before the status pages: their public routes end in a catch-all 404 under /status.
  mountSubscribers(app, api, {
    ...subscribers,
    db,
    clock,
    entitlements: billing.entitlements,
    trustProxy: config.trustProxy,
  });
  statusPages.mount(app, api);
  mountApiKeyRoutes(api, apiKeys);
  mountDeploymentRoutes(api, deployments);
  mountMaintenanceRoutes(api, maintenance);
  mountPerformanceRoutes(api, performance);
  mountDigestRoutes(api, digests);
  mountRetentionRoutes(api, db, clock);
  mountWorkspaceRoutes(api, db, clock, workspaces.lifecycle);
  mountMemberRoutes(api, workspaces.members, workspaces.invitations);
  mountAuditRoutes(api, db);
  mountImportRoutes(
    api,
    createImportService({ db, monitors, channels: alerts, entitlements: billing.entitlements }),
  );
  mountConfigRoutes(api, configAsCode, config.publicUrl);
  // Built once, on first request: every route is declared by then.
  let document: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  api.get('/openapi.json', (c) => {
    document ??= withOptionalRequestDefaults(
      api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: 'Upwatch API', version: '1', description: "Monitoring that doesn't suck." },
        servers: [{ url: `${config.publicUrl}/api/v1` }],
        security: BEARER_SECURITY,
      }),
    );
    return c.json(document);
  });
  app.route('/api/v1', api);
  app.route('/api/billing', billing.routes(auth, trustedOrigins(config.publicUrl)));
  app.all('/api/*', apiNotFound);

  mountUnsubscribeRoutes(app, digests);
  mountAckRoutes(app, escalation.links, config.publicUrl);
  mountWorkspaceMetrics(app, { db, clock, authenticate: apiKeys.authenticate });
  // The prerendered pricing page shows the plan table's prices: with hosted billing, whose prices
  // are its own, `/pricing` is the app shell.
  const prerendered = new Set<PrerenderedPath>(billing.pricesFromPlanTable ? ['/', '/pricing'] : ['/']);
  mountSpa(app, webDistDir, publicConfig, prerendered);
  return app;
}
