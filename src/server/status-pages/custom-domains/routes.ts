// The custom-domain routes: the settings' Verify button under /api/v1, and the `ask` endpoint a
// reverse proxy with on-demand TLS (Caddy) calls before it obtains a certificate for a hostname.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { errorSchema } from '../../../core/api/errors.ts';
import { normalizeHostname } from '../../../core/api/status-page-extras.ts';
import { statusPageSchema } from '../../../core/api/status-pages.ts';
import { type AppEnv, requireCaller } from '../../platform/http/caller.ts';
import { errorBody } from '../../platform/http/errors.ts';
import { json } from '../../platform/http/openapi.ts';
import type { PageDirectory } from '../page-directory.ts';
import type { StatusPageService } from '../service.ts';
import type { DomainCheck } from './check.ts';

const verify = createRoute({
  method: 'post',
  operationId: 'verifyCustomDomain',
  path: '/status-pages/{id}/custom-domain/verify',
  tags: ['Status pages'],
  summary: "Look the custom domain's TXT record up now; the page answers whether it verified and why not",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(statusPageSchema, 'The status page, its customDomain telling the outcome'),
    401: json(errorSchema, 'Not signed in'),
    404: json(errorSchema, 'status_page_not_found: not in your account'),
    409: json(
      errorSchema,
      'no_custom_domain: the page has no custom domain to verify; domain_taken: another page verified it first; domain_claim_expired: not verified within 7 days, so the claim was dropped',
    ),
  },
});

export function mountCustomDomainRoutes(
  app: Hono<AppEnv>,
  api: OpenAPIHono<AppEnv>,
  { check, pages, directory }: { check: DomainCheck; pages: StatusPageService; directory: PageDirectory },
): void {
  api.openapi(verify, async (c) => {
    const caller = requireCaller(c);
    const { id } = c.req.valid('param');
    await check(caller, id);
    return c.json(await pages.get(caller.workspaceId, id), 200);
  });

  // Caddy's on_demand_tls `ask`: 200 lets it obtain a certificate for the hostname, anything else
  // refuses, so nobody can make Upwatch request certificates for names it does not serve: only a
  // published page's verified domain (an unpublished page's shows nothing but "not available").
  app.get('/api/custom-domains/allowed', async (c) => {
    const domain = c.req.query('domain');
    if (!domain) {
      return c.json(errorBody('validation_failed', 'domain: Give the hostname to ask about.'), 400);
    }
    const page = await directory.byHost(normalizeHostname(domain));
    if (!page?.published) {
      return c.json(
        errorBody(
          'domain_not_allowed',
          `${domain} is not the verified custom domain of a published status page.`,
        ),
        404,
      );
    }
    return c.json({ domain: page.verifiedDomain }, 200);
  });
}
