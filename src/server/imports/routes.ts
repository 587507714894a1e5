// /api/v1/imports: each handler parses, authorises (the role guard; a preview writes nothing, so
// viewers may look), calls the import service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../core/api/errors.ts';
import {
  IMPORT_SOURCES,
  importPreviewSchema,
  importRequestSchema,
  importResultSchema,
} from '../../core/api/imports.ts';
import { body, json } from '../http/openapi.ts';
import { type AppEnv, requireCaller } from '../http/session.ts';
import type { ImportService } from './service.ts';

const tags = ['Imports'];
const params = z.object({
  source: z
    .enum(IMPORT_SOURCES)
    .meta({ description: 'kuma: an Uptime Kuma backup; uptimerobot: API v2 JSON' }),
});
const errors = {
  400: json(errorSchema, 'An unknown source (validation_failed)'),
  401: json(errorSchema, 'Not signed in'),
  422: json(errorSchema, 'invalid_import_file: not JSON or not in the source’s format, named where'),
};

const preview = createRoute({
  method: 'post',
  path: '/imports/{source}/preview',
  tags,
  summary: 'Dry run: what an import would create, skip and why, and the plan limits it meets',
  request: { params, ...body(importRequestSchema) },
  responses: { 200: json(importPreviewSchema, 'The preview; nothing is written'), ...errors },
});
const apply = createRoute({
  method: 'post',
  path: '/imports/{source}',
  tags,
  summary: 'Import monitors and alert channels, all in one transaction',
  request: { params, ...body(importRequestSchema) },
  responses: {
    201: json(importResultSchema, 'What was created, and what was skipped'),
    ...errors,
    403: json(errorSchema, 'monitor_limit_reached (nothing is created) or forbidden_role'),
  },
});

export function mountImportRoutes(api: OpenAPIHono<AppEnv>, service: ImportService): void {
  api.openapi(preview, async (c) =>
    c.json(
      await service.preview(requireCaller(c), c.req.valid('param').source, c.req.valid('json').file),
      200,
    ),
  );
  api.openapi(apply, async (c) =>
    c.json(await service.apply(requireCaller(c), c.req.valid('param').source, c.req.valid('json').file), 201),
  );
}
