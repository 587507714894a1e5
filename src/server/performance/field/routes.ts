// /api/v1/performance/sites/{id}/rum and …/field: a site's real-user monitoring settings (the
// snippet to paste) and what its visitors' page views read as (issue 42, items 1 and 8).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../core/api/errors.ts';
import {
  fieldQuerySchema,
  fieldReportSchema,
  rumSettingsInputSchema,
  rumSettingsSchema,
} from '../../../core/api/field.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../../platform/http/caller.ts';
import { body, json } from '../../platform/http/openapi.ts';
import type { RealUserMonitoring } from './create-rum.ts';

const tags = ['Performance'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in, or no valid API key'),
  404: json(errorSchema, 'performance_site_not_found: not in your account'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });

const getSettings = createRoute({
  method: 'get',
  operationId: 'getRumSettings',
  path: '/performance/sites/{id}/rum',
  tags,
  summary: "A site's real-user monitoring settings and the snippet to paste",
  request: { params: idParams },
  responses: { 200: json(rumSettingsSchema, 'The settings'), ...errors },
});
const putSettings = createRoute({
  method: 'put',
  operationId: 'setRumSettings',
  path: '/performance/sites/{id}/rum',
  tags,
  summary: 'Turn real-user monitoring on or off, and set its sample rate, origins and routes',
  request: { params: idParams, ...body(rumSettingsInputSchema) },
  responses: { 200: json(rumSettingsSchema, 'The settings, with the key and snippet'), ...errors },
});
const getField = createRoute({
  method: 'get',
  operationId: 'getFieldVitals',
  path: '/performance/sites/{id}/field',
  tags,
  summary: "Real visitors' Web Vitals at p75, with good / needs improvement / poor counts",
  request: { params: idParams, query: fieldQuerySchema },
  responses: { 200: json(fieldReportSchema, 'The field figures'), ...errors },
});

export function mountRumRoutes(api: OpenAPIHono<AppEnv>, rum: RealUserMonitoring): void {
  api.openapi(getSettings, async (c) =>
    c.json(await rum.settings.get(requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(putSettings, async (c) =>
    c.json(await rum.settings.put(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(getField, async (c) =>
    c.json(await rum.report(requireWorkspace(c).id, c.req.valid('param').id, c.req.valid('query')), 200),
  );
}
