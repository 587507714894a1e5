// GET /api/v1/me/plan: the signed-in user's effective plan as the entitlements helper sees it.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { type AppEnv, requireUser } from '../http/session.ts';
import type { EntitlementsHelper } from './plan-summary.ts';

export function mountPlanRoute(api: OpenAPIHono<AppEnv>, entitlements: EntitlementsHelper): void {
  api.get('/me/plan', async (c) => c.json(await entitlements.planSummary(requireUser(c).id)));
}
