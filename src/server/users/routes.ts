import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { type PublicConfig, publicConfigSchema, userProfileSchema } from '../../core/api/account.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { type AppEnv, requireUser } from '../platform/http/caller.ts';

const getMe = createRoute({
  method: 'get',
  operationId: 'getCurrentUser',
  path: '/me',
  tags: ['Account'],
  summary: 'The signed-in user',
  responses: {
    200: { description: 'The user', content: { 'application/json': { schema: userProfileSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
  },
});

const getPublicConfig = createRoute({
  method: 'get',
  operationId: 'getPublicConfig',
  path: '/public-config',
  tags: ['Account'],
  summary: 'What the sign-in screens need to know about this server',
  responses: {
    200: { description: 'Public settings', content: { 'application/json': { schema: publicConfigSchema } } },
  },
});

export function mountAccountRoutes(api: OpenAPIHono<AppEnv>, publicConfig: PublicConfig): void {
  api.openapi(getMe, (c) => c.json(requireUser(c), 200));
  api.openapi(getPublicConfig, (c) => c.json(publicConfig, 200));
}
