// /api/v1/deployments and /api/v1/deployment-webhooks: each handler parses, authorises (a
// session or an API key), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  deploymentImpactListSchema,
  deploymentInputSchema,
  deploymentListSchema,
  deploymentSchema,
  deploymentWebhookListSchema,
  deploymentWebhookSecretInputSchema,
  deploymentWebhookSecretSchema,
  WEBHOOK_PROVIDERS,
} from '../../core/api/deployments.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { lowestPlanWith } from '../../core/plans.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { DeploymentService } from './service.ts';

const tags = ['Deployments'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in, or no valid API key'),
  403: json(
    errorSchema,
    `feature_not_in_plan: deployment monitoring needs the ${lowestPlanWith('apiAccess').displayName} plan`,
  ),
  404: json(errorSchema, 'deployment_not_found or monitor_not_found: not in your account'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });
const providerParams = z.object({ provider: z.enum(WEBHOOK_PROVIDERS) });
const epochMs = z.coerce.number().int().nonnegative();

const listQuery = z.object({
  monitor_id: z.string().min(1).max(64).optional(),
  from: epochMs.optional().meta({ description: 'Deployed at or after (epoch ms)' }),
  to: epochMs.optional().meta({ description: 'Deployed at or before (epoch ms)' }),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const create = createRoute({
  method: 'post',
  operationId: 'createDeployment',
  path: '/deployments',
  tags,
  summary: 'Record a deployment (and check the affected monitors now with trigger_checks)',
  request: body(deploymentInputSchema),
  responses: { 201: json(deploymentSchema, 'The recorded deployment'), ...errors },
});
const list = createRoute({
  method: 'get',
  operationId: 'listDeployments',
  path: '/deployments',
  tags,
  summary: 'List deployments, newest first',
  request: { query: listQuery },
  responses: { 200: json(deploymentListSchema, 'A page of deployments'), ...errors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getDeployment',
  path: '/deployments/{id}',
  tags,
  summary: 'Get a deployment with its monitors and the incidents that followed it',
  request: { params: idParams },
  responses: { 200: json(deploymentSchema, 'The deployment'), ...errors },
});
const impact = createRoute({
  method: 'get',
  operationId: 'getDeploymentImpact',
  path: '/deployments/{id}/impact',
  tags,
  summary: 'Checks, median response time and error rate in the hour before and after, per monitor',
  request: { params: idParams },
  responses: { 200: json(deploymentImpactListSchema, 'Before and after, per affected monitor'), ...errors },
});
const listWebhooks = createRoute({
  method: 'get',
  operationId: 'listDeploymentWebhooks',
  path: '/deployment-webhooks',
  tags,
  summary: 'The GitHub, Vercel and Netlify receivers: URL to paste, whether set up, last delivery',
  responses: { 200: json(deploymentWebhookListSchema, 'One entry per provider'), ...errors },
});
const putWebhook = createRoute({
  method: 'put',
  operationId: 'setDeploymentWebhook',
  path: '/deployment-webhooks/{provider}',
  tags,
  summary: 'Set up a receiver: GitHub and Netlify get a generated secret (shown once); Vercel takes its own',
  request: {
    params: providerParams,
    body: {
      content: { 'application/json': { schema: deploymentWebhookSecretInputSchema } },
      required: false,
    },
  },
  responses: {
    200: json(deploymentWebhookSecretSchema, 'The receiver, and the generated secret this once'),
    ...errors,
  },
});
const deleteWebhook = createRoute({
  method: 'delete',
  operationId: 'deleteDeploymentWebhook',
  path: '/deployment-webhooks/{provider}',
  tags,
  summary: 'Remove a receiver: its deliveries are refused from now on',
  request: { params: providerParams },
  responses: {
    204: { description: 'Removed' },
    ...errors,
    404: json(errorSchema, 'webhook_not_configured'),
  },
});

export function mountDeploymentRoutes(api: OpenAPIHono<AppEnv>, deployments: DeploymentService): void {
  api.openapi(create, async (c) => {
    const provider = c.var.apiKeyId ? 'api' : 'manual';
    return c.json(await deployments.create(requireCaller(c), c.req.valid('json'), provider), 201);
  });
  api.openapi(list, async (c) =>
    c.json(await deployments.list(requireWorkspace(c).id, c.req.valid('query')), 200),
  );
  api.openapi(get, async (c) =>
    c.json(await deployments.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(impact, async (c) =>
    c.json(await deployments.impact(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(listWebhooks, async (c) =>
    c.json(await deployments.webhooks.list(requireWorkspace(c).id), 200),
  );
  api.openapi(putWebhook, async (c) => {
    const { provider } = c.req.valid('param');
    const input: { secret?: string } | undefined = c.req.valid('json');
    return c.json(await deployments.webhooks.put(requireCaller(c), provider, input?.secret), 200);
  });
  api.openapi(deleteWebhook, async (c) => {
    await deployments.webhooks.delete(requireCaller(c), c.req.valid('param').provider);
    return c.body(null, 204);
  });
}
