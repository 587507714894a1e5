// GET /api/v1/monitors/{id}/ssl: the security tab's data, for the monitor's owner on a plan
// with SSL certificate monitoring.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { sslOverviewSchema } from '../../core/api/ssl.ts';
import { FEATURE_IDS, FEATURE_LABELS, lowestPlanWith } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { json } from '../platform/http/openapi.ts';
import { getSslOverview } from './overview.ts';

const overview = createRoute({
  method: 'get',
  operationId: 'getMonitorSsl',
  path: '/monitors/{id}/ssl',
  tags: ['Monitors'],
  summary: "The monitor's certificate: current check, problems, certificates seen and the next check",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(sslOverviewSchema, 'The certificate overview'),
    401: json(errorSchema, 'Not signed in'),
    403: json(
      errorSchema,
      `feature_not_in_plan: SSL certificate monitoring needs the ${lowestPlanWith('sslMonitoring').displayName} plan or higher`,
    ),
    404: json(errorSchema, 'monitor_not_found: not in your account'),
  },
});

export function mountSslRoutes(
  api: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  entitlements: Pick<EntitlementsHelper, 'check'>,
): void {
  const plan = lowestPlanWith('sslMonitoring').displayName;
  api.openapi(overview, async (c) => {
    const workspaceId = requireWorkspace(c).id;
    const monitor = await getOwnedMonitorRow(db, workspaceId, c.req.valid('param').id);
    if (!(await entitlements.check(workspaceId, FEATURE_IDS.sslMonitoring))) {
      throw new ApiError(
        403,
        'feature_not_in_plan',
        `${FEATURE_LABELS.sslMonitoring} requires the ${plan} plan or higher.`,
      );
    }
    return c.json(await getSslOverview(db, monitor), 200);
  });
}
