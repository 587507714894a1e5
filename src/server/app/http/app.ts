import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { KUMA_DB_MAX_BYTES } from '../../../core/api/imports.ts';
import type { PrerenderedPath } from '../../../core/prerender.ts';
import { BEARER_SECURITY } from '../../api-keys/routes.ts';
import { createApiKeyService } from '../../api-keys/service.ts';
import { trustedOrigins } from '../../auth/auth.ts';
import { mountDeploymentWebhooks } from '../../deployments/webhook-routes.ts';
import { mountUnsubscribeRoutes } from '../../digests/unsubscribe-routes.ts';
import { mountAckRoutes } from '../../escalation/ack-routes.ts';
import { mountPingRoutes } from '../../heartbeats/ping-routes.ts';
import { mountWorkspaceMetrics } from '../../metrics/routes.ts';
import { mountRumIngest } from '../../performance/field/ingest-route.ts';
import { mountRumScript } from '../../performance/field/script-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import {
  limitBody,
  MiB,
  rejectMalformedJson,
  rejectNulInForm,
  rejectNulInUrl,
} from '../../platform/http/body-guards.ts';
import { framingByOwnPolicy } from '../../status-pages/embed/framing.ts';
import { createStatusPages } from '../../status-pages/mount.ts';
import { roleGuard } from '../../workspaces/role-guard.ts';

/** The two routes that take a Uptime Kuma database as their body (imports/routes.ts). */
const KUMA_DB_UPLOAD = /^\/api\/v1\/imports\/kuma-db(\/preview)?$/;

import { loadSession } from '../../auth/load-session.ts';
import type { AppEnv } from '../../platform/http/caller.ts';
import { clientAddress, requestWithClientIp } from '../../platform/http/client-ip.ts';
import { compressJson } from '../../platform/http/compress-json.ts';
import { refuseCrossSiteWrites } from '../../platform/http/csrf.ts';
import { apiNotFound, createErrorHandler } from '../../platform/http/errors.ts';
import { securityHeaders } from '../../platform/http/security-headers.ts';
import type { AppDeps } from './app-deps.ts';
import { FEATURE_ROUTES } from './feature-routes.ts';
import { withOptionalRequestDefaults } from './openapi-document.ts';
import { mountSpa } from './spa.ts';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, secret, db, clock, auth, billing, pageDirectory, deployments, digests, escalation } = deps;
  const { events, pings, logger, webDistDir } = deps;
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
  // Visitors' beacons: text bodies of at most 4 KB, answered 204 with no body, many a second.
  mountRumIngest(app, { intake: deps.rum.intake, trustProxy: config.trustProxy });
  mountRumScript(app, webDistDir);
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
  for (const mount of FEATURE_ROUTES) mount({ app, api, deps, apiKeys, statusPages, publicConfig });
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
