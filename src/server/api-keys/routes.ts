// /api/v1/api-keys: each handler parses, authorises (a signed-in session, never a key: a leaked
// key must not be able to mint more), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  apiKeyInputSchema,
  apiKeyListSchema,
  createdApiKeySchema,
} from '../../core/api/api-keys.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { lowestPlanWith } from '../../core/plans.ts';
import {
  type AppEnv,
  type Caller,
  requireCaller,
  requireSessionUser,
  requireWorkspace,
} from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { ApiKeyService } from './service.ts';

const tags = ['API keys'];
const errors = {
  400: json(errorSchema, 'Invalid path (validation_failed)'),
  422: json(errorSchema, 'validation_failed (the field named first) or expiry_in_past'),
  401: json(errorSchema, 'Not signed in'),
  403: json(errorSchema, 'session_required: keys are managed with a signed-in session, not with a key'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });

const BEARER_SCHEME = 'apiKey';
/** The document-wide requirement: scripts send a key; the app itself sends its session cookie. */
export const BEARER_SECURITY = [{ [BEARER_SCHEME]: [] }];

const list = createRoute({
  method: 'get',
  operationId: 'listApiKeys',
  path: '/api-keys',
  tags,
  summary: "List the workspace's API keys (prefix only, never the key), each with the person it acts as",
  responses: { 200: json(apiKeyListSchema, 'The keys that were not revoked, newest first'), ...errors },
});
const create = createRoute({
  method: 'post',
  operationId: 'createApiKey',
  path: '/api-keys',
  tags,
  summary: 'Create an API key',
  request: body(apiKeyInputSchema),
  responses: {
    201: json(createdApiKeySchema, 'The key, in full this once'),
    ...errors,
    403: json(
      errorSchema,
      `feature_not_in_plan: API access needs the ${lowestPlanWith('apiAccess').displayName} plan; or session_required`,
    ),
    409: json(errorSchema, 'api_key_limit_reached'),
  },
});
const revoke = createRoute({
  method: 'delete',
  operationId: 'revokeApiKey',
  path: '/api-keys/{id}',
  tags,
  summary: 'Revoke an API key: requests with it are refused from now on',
  request: { params: idParams },
  responses: {
    204: { description: 'Revoked' },
    ...errors,
    403: json(
      errorSchema,
      "owner_key_protected: only the workspace's owner revokes the owner's keys; or session_required",
    ),
    404: json(errorSchema, 'api_key_not_found: not in your account, or already revoked'),
  },
});

/** Keys are managed from a signed-in session, never with another key. */
function sessionCaller(c: { var: AppEnv['Variables'] }): Caller {
  requireSessionUser(c);
  return requireCaller(c);
}

export function mountApiKeyRoutes(api: OpenAPIHono<AppEnv>, keys: ApiKeyService): void {
  api.openAPIRegistry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'uw_live_…',
    description: `An API key from Settings → API Documentation (${lowestPlanWith('apiAccess').displayName} plan), ${API_KEY_REQUESTS_PER_MINUTE} requests a minute per key.`,
  });
  api.openapi(list, async (c) => {
    requireSessionUser(c);
    return c.json({ keys: await keys.list(requireWorkspace(c).id) }, 200);
  });
  api.openapi(create, async (c) => c.json(await keys.create(sessionCaller(c), c.req.valid('json')), 201));
  api.openapi(revoke, async (c) => {
    await keys.revoke(sessionCaller(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
