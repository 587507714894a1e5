import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './caller.ts';
import { errorBody } from './errors.ts';
import { firstUnknownField } from './unknown-fields.ts';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json/i;

/**
 * A `/api/v1` router whose zod validation failures use the app's error shape: a body the API
 * understood but cannot accept is 422 (field named first), a bad query or path is 400, and a
 * body field the route does not know is 422 unknown_field, never silently dropped. A route whose
 * body is required and that got none (no Content-Type, so Hono validated `{}`) is 400
 * body_required: an all-optional PATCH or `POST /deployments` would otherwise pass as a no-op or
 * an empty deployment (and reading the absent body for the unknown-field check was a 500).
 */
export function createApiRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      if (result.target === 'json' && !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
        return c.json(
          errorBody(
            'body_required',
            'This request needs a JSON body, sent with Content-Type: application/json.',
          ),
          400,
        );
      }
      if (result.success) {
        if (result.target !== 'json') return;
        // The body as sent: Hono keeps the JSON it parsed for the validator.
        const unknown = firstUnknownField(await c.req.json(), result.data);
        if (unknown === null) return;
        return c.json(errorBody('unknown_field', `${unknown}: this request has no such field.`), 422);
      }
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      const status = result.target === 'json' || result.target === 'form' ? 422 : 400;
      return c.json(errorBody('validation_failed', `${where}${issue?.message ?? 'Invalid input.'}`), status);
    },
  });
}
