// GET /api/v1/me/plan: the signed-in user's effective plan as the entitlements helper sees it.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import { FEATURE_KEYS, PLAN_IDS } from '../../core/plans.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import type { EntitlementsHelper } from './plan-summary.ts';

const limitSchema = z.object({
  limit: z.number().nullable().meta({ description: 'Null when unlimited' }),
  used: z.number(),
  remaining: z.number(),
  unlimited: z.boolean(),
  resetsAt: z.number().optional().meta({ description: 'Epoch ms of the next usage reset' }),
});

const planSummarySchema = z
  .object({
    plan: z.enum(PLAN_IDS),
    displayName: z.string(),
    paid: z.boolean(),
    isPro: z.boolean(),
    minCheckIntervalMinutes: z.number(),
    limits: z.object({ monitors: limitSchema, performanceSites: limitSchema, performanceRuns: limitSchema }),
    features: z.object(Object.fromEntries(FEATURE_KEYS.map((key) => [key, z.boolean()]))),
  })
  .meta({ id: 'PlanSummary' });

const planRoute = createRoute({
  method: 'get',
  operationId: 'getPlan',
  path: '/me/plan',
  tags: ['Account'],
  summary: "The signed-in account's effective plan, limits and features",
  responses: {
    200: json(planSummarySchema, 'The effective plan'),
    401: json(errorSchema, 'Not signed in'),
  },
});

export function mountPlanRoute(api: OpenAPIHono<AppEnv>, entitlements: EntitlementsHelper): void {
  api.openapi(planRoute, async (c) => c.json(await entitlements.planSummary(requireWorkspace(c).id), 200));
}
