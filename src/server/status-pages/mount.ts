// The status pages slice's one entry point for the app: the signed-in CRUD API under /api/v1, the
// custom-domain routes, the public pages, feeds, badges, widget and embed (which must be mounted
// before the SPA fallback), and the router that serves verified custom hostnames (first of all).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../platform/http/caller.ts';
import { createDomainCheck } from './custom-domains/check.ts';
import { customDomainRouter } from './custom-domains/host-router.ts';
import { mountCustomDomainRoutes } from './custom-domains/routes.ts';
import { createDomainVerifier, type DnsServer } from './custom-domains/verify-domain.ts';
import type { PageDirectory } from './page-directory.ts';
import { type AccessGateDeps, createAccessGate } from './private/access-gate.ts';
import { createPublicAnswers, mountPublicStatusRoutes } from './public-routes.ts';
import { mountStatusPageRoutes } from './routes.ts';
import { createStatusPageService, type StatusPageServiceDeps } from './service.ts';

export interface StatusPagesDeps extends StatusPageServiceDeps, AccessGateDeps {
  /** Shared with config apply, which changes pages through its own service. */
  directory: PageDirectory;
  /** Where custom domains' TXT records are looked up (DNS_RESOLVER); undefined: the system's. */
  dnsResolver: DnsServer | undefined;
}

export interface StatusPages {
  /** Registered first: a request on a verified custom hostname is its page's, whatever the path. */
  customDomains: MiddlewareHandler;
  mount(app: Hono<AppEnv>, api: OpenAPIHono<AppEnv>): void;
}

export function createStatusPages(deps: StatusPagesDeps): StatusPages {
  const { db, clock, publicUrl, directory } = deps;
  const answers = createPublicAnswers({ ...deps, gate: createAccessGate(deps) });
  const service = createStatusPageService(deps);
  const check = createDomainCheck({ db, clock, verify: createDomainVerifier(deps.dnsResolver), directory });
  return {
    customDomains: customDomainRouter({ publicUrl, directory, answers }),
    mount(app, api) {
      mountStatusPageRoutes(api, service);
      mountCustomDomainRoutes(app, api, { check, pages: service, directory });
      mountPublicStatusRoutes(app, answers, { directory, publicUrl });
    },
  };
}
