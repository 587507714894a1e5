// /api/v1 escalation policies and each monitor's choice of one. Each handler parses, authorises
// (the role guard already ran), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  escalationPolicyInputSchema,
  escalationPolicyListSchema,
  escalationPolicyPatchSchema,
  escalationPolicySchema,
  monitorEscalationInputSchema,
  monitorEscalationSchema,
} from '../../core/api/escalation.ts';
import { lowestPlanWith } from '../../core/plans.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { MonitorPolicyService } from './monitor-policy.ts';
import type { PolicyService } from './policies.ts';

const tags = ['Escalation'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'escalation_policy_not_found, channel_not_found or monitor_not_found'),
};
const writeErrors = {
  ...errors,
  403: json(
    errorSchema,
    `feature_not_in_plan: escalation is incident management, on the ${lowestPlanWith('incidentManagement').displayName} plan or higher`,
  ),
  422: json(
    errorSchema,
    'validation_failed: a body field it cannot accept (no steps, a bad wait), named first',
  ),
};
const idParams = z.object({ id: z.string().min(1).max(64) });
const policy = json(escalationPolicySchema, 'The policy');

const list = createRoute({
  method: 'get',
  operationId: 'listEscalationPolicies',
  path: '/escalation-policies',
  tags,
  summary: 'List escalation policies',
  responses: { 200: json(escalationPolicyListSchema, 'The policies'), ...errors },
});
const create = createRoute({
  method: 'post',
  operationId: 'createEscalationPolicy',
  path: '/escalation-policies',
  tags,
  summary: 'Create an escalation policy',
  description:
    'Step 1 gets the Down alert at once; each later step fires when nobody acknowledged within the wait of the step before; the last may repeat.',
  request: body(escalationPolicyInputSchema),
  responses: { 201: json(escalationPolicySchema, 'The new policy'), ...writeErrors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getEscalationPolicy',
  path: '/escalation-policies/{id}',
  tags,
  summary: 'Get an escalation policy',
  request: { params: idParams },
  responses: { 200: policy, ...errors },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateEscalationPolicy',
  path: '/escalation-policies/{id}',
  tags,
  summary: 'Rename it, replace its steps, change its repeat, or make it the default',
  request: { params: idParams, ...body(escalationPolicyPatchSchema) },
  responses: { 200: policy, ...writeErrors },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteEscalationPolicy',
  path: '/escalation-policies/{id}',
  tags,
  summary: 'Delete a policy (its monitors follow the default again; its escalations stop)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
const monitorPolicy = createRoute({
  method: 'get',
  operationId: 'getMonitorEscalationPolicy',
  path: '/monitors/{id}/escalation-policy',
  tags,
  summary: "The escalation policy a monitor's outages follow",
  request: { params: idParams },
  responses: { 200: json(monitorEscalationSchema, 'The chosen and the effective policy'), ...errors },
});
const chooseMonitorPolicy = createRoute({
  method: 'put',
  operationId: 'setMonitorEscalationPolicy',
  path: '/monitors/{id}/escalation-policy',
  tags,
  summary: "Choose a monitor's escalation policy (null: the workspace's default)",
  request: { params: idParams, ...body(monitorEscalationInputSchema) },
  responses: { 200: json(monitorEscalationSchema, 'The chosen and the effective policy'), ...writeErrors },
});

export function mountEscalationRoutes(
  api: OpenAPIHono<AppEnv>,
  policies: PolicyService,
  monitors: MonitorPolicyService,
): void {
  api.openapi(list, async (c) => c.json({ policies: await policies.list(requireWorkspace(c).id) }, 200));
  api.openapi(create, async (c) => c.json(await policies.create(requireCaller(c), c.req.valid('json')), 201));
  api.openapi(get, async (c) =>
    c.json(await policies.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(update, async (c) =>
    c.json(await policies.update(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(remove, async (c) => {
    await policies.delete(requireCaller(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  api.openapi(monitorPolicy, async (c) =>
    c.json(await monitors.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(chooseMonitorPolicy, async (c) =>
    c.json(await monitors.set(requireCaller(c), c.req.valid('param').id, c.req.valid('json').policyId), 200),
  );
}
