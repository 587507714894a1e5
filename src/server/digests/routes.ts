// Digest settings and reports under /api/v1: parse, authorise (session user), call, respond.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  digestPreviewSchema,
  digestReportListSchema,
  digestReportSchema,
  digestSettingsInputSchema,
  digestSettingsSchema,
} from '../../core/api/digests.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { lowestPlanWith } from '../../core/plans.ts';
import { type AppEnv, requireUser } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { DigestService } from './service.ts';

const tags = ['Digests'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in'),
  403: json(
    errorSchema,
    `feature_not_in_plan: email digests need the ${lowestPlanWith('digests').displayName} plan or higher`,
  ),
};

const getSettings = createRoute({
  method: 'get',
  operationId: 'getDigestSettings',
  path: '/digest-settings',
  tags,
  summary: 'Your digest frequency, send day and hour, and the next send time',
  responses: { 200: json(digestSettingsSchema, 'The settings'), ...errors },
});
const putSettings = createRoute({
  method: 'put',
  operationId: 'setDigestSettings',
  path: '/digest-settings',
  tags,
  summary: 'Change the digest frequency, weekday or hour',
  request: body(digestSettingsInputSchema.strict()),
  responses: { 200: json(digestSettingsSchema, 'The settings'), ...errors },
});
const list = createRoute({
  method: 'get',
  operationId: 'listReports',
  path: '/reports',
  tags,
  summary: 'Digest reports, newest first',
  request: {
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: { 200: json(digestReportListSchema, 'A page of reports'), ...errors },
});
const get = createRoute({
  method: 'get',
  operationId: 'getReport',
  path: '/reports/{id}',
  tags,
  summary: 'One digest report: its HTML and figures',
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(digestReportSchema, 'The report'),
    ...errors,
    404: json(errorSchema, 'report_not_found: not in your account'),
  },
});
const preview = createRoute({
  method: 'post',
  operationId: 'sendReportPreview',
  path: '/reports/preview',
  tags,
  summary: 'Send me a preview now: the current period so far, mailed once and not recorded',
  responses: {
    200: json(digestPreviewSchema, 'The preview was sent'),
    ...errors,
    429: json(errorSchema, 'preview_rate_limited: one preview a minute'),
  },
});

export function mountDigestRoutes(api: OpenAPIHono<AppEnv>, digests: DigestService): void {
  api.openapi(getSettings, async (c) => c.json(await digests.getSettings(requireUser(c).id), 200));
  api.openapi(putSettings, async (c) =>
    c.json(await digests.updateSettings(requireUser(c).id, c.req.valid('json')), 200),
  );
  api.openapi(list, async (c) =>
    c.json(await digests.listReports(requireUser(c).id, c.req.valid('query')), 200),
  );
  api.openapi(preview, async (c) => c.json(await digests.preview(requireUser(c).id), 200));
  api.openapi(get, async (c) =>
    c.json(await digests.getReport(requireUser(c).id, c.req.valid('param').id), 200),
  );
}
