import { OpenAPIHono } from '@hono/zod-openapi';
import { errorBody } from './errors.ts';
import type { AppEnv } from './session.ts';

/**
 * A `/api/v1` router whose zod validation failures use the app's error shape: a body the API
 * understood but cannot accept is 422 (field named first), a bad query or path is 400.
 */
export function createApiRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      const status = result.target === 'json' || result.target === 'form' ? 422 : 400;
      return c.json(errorBody('validation_failed', `${where}${issue?.message ?? 'Invalid input.'}`), status);
    },
  });
}
