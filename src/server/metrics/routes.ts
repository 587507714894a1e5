// GET /metrics: a workspace's monitors for Prometheus, authorised by one of its API keys (a
// read-only key is enough; `?workspace=` may name the workspace, and another's answers 404).
// The errors keep the API's JSON shape, which Prometheus shows as the scrape's error.
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { Registry } from 'prom-client';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, type BearerAuthenticator, bearerToken } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { workspaceMetrics } from './workspace-metrics.ts';

export function mountWorkspaceMetrics(
  app: Hono<AppEnv>,
  deps: { db: Kysely<Database>; clock: Clock; authenticate: BearerAuthenticator },
): void {
  app.get('/metrics', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) {
      throw new ApiError(401, 'invalid_api_key', 'Scrape with an API key: Authorization: Bearer uw_live_….');
    }
    const { workspace } = await deps.authenticate(token);
    const named = c.req.query('workspace');
    if (named !== undefined && named !== workspace.id) {
      throw new ApiError(404, 'workspace_not_found', 'This API key belongs to another workspace.');
    }
    const body = await workspaceMetrics(deps.db, workspace.id, deps.clock.now());
    return c.body(body, 200, {
      'content-type': Registry.PROMETHEUS_CONTENT_TYPE,
      'cache-control': 'no-store',
    });
  });
}
