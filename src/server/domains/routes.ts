// GET /api/v1/monitors/{id}/domain: the security tab's domain card, for the monitor's owner.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { domainExpirySchema } from '../../core/api/domains.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import { getDomainExpiry } from './overview.ts';

const domainRoute = createRoute({
  method: 'get',
  operationId: 'getMonitorDomain',
  path: '/monitors/{id}/domain',
  tags: ['Monitors'],
  summary: "The registration of the monitor's domain: when it expires, the registrar, the last lookup",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(domainExpirySchema, 'The domain expiry'),
    401: json(errorSchema, 'Not signed in'),
    404: json(errorSchema, 'monitor_not_found: not in your account'),
  },
});

export function mountDomainRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>, clock: Clock): void {
  api.openapi(domainRoute, async (c) => {
    const workspaceId = requireWorkspace(c).id;
    const monitor = await getOwnedMonitorRow(db, workspaceId, c.req.valid('param').id);
    return c.json(await getDomainExpiry(db, monitor, clock.now()), 200);
  });
}
