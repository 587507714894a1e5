// /api/v1/imports: each handler parses, authorises (the role guard; a preview writes nothing, so
// viewers may look), calls the import service, responds. JSON exports come as `{ file }`; a kuma.db
// comes as the request body's bytes (application/octet-stream), bounded like every body (1 MiB).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorSchema } from '../../core/api/errors.ts';
import {
  importPreviewSchema,
  importRequestSchema,
  importResultSchema,
  JSON_IMPORT_SOURCES,
  KUMA_DB_MAX_BYTES,
} from '../../core/api/imports.ts';
import { MiB } from '../platform/http/body-guards.ts';
import { type AppEnv, requireCaller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { ImportService } from './service.ts';

const tags = ['Imports'];
const params = z.object({
  source: z
    .enum(JSON_IMPORT_SOURCES)
    .meta({ description: 'kuma: an Uptime Kuma 1.x backup; uptimerobot: API v2 JSON' }),
});
const errors = {
  400: json(errorSchema, 'An unknown source (validation_failed)'),
  401: json(errorSchema, 'Not signed in'),
  422: json(errorSchema, 'invalid_import_file: not JSON or not in the source’s format, named where'),
};
const dbErrors = {
  401: errors[401],
  413: json(errorSchema, `payload_too_large: over ${KUMA_DB_MAX_BYTES / 1024 / 1024} MiB`),
  415: json(errorSchema, 'unsupported_media_type: the body is not the file’s bytes'),
  422: json(errorSchema, 'not_kuma_database: not an SQLite file, or not Uptime Kuma’s'),
};
const kumaDb = {
  content: {
    'application/octet-stream': {
      schema: z
        .string()
        .meta({ format: 'binary', description: 'kuma.db from an Uptime Kuma data directory' }),
    },
  },
  required: true,
};

const preview = createRoute({
  method: 'post',
  operationId: 'previewImport',
  path: '/imports/{source}/preview',
  tags,
  summary: 'Dry run: what an import would create, skip and why, and the plan limits it meets',
  request: { params, ...body(importRequestSchema) },
  responses: { 200: json(importPreviewSchema, 'The preview; nothing is written'), ...errors },
});
const apply = createRoute({
  method: 'post',
  operationId: 'runImport',
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
const previewDb = createRoute({
  method: 'post',
  operationId: 'previewKumaDbImport',
  path: '/imports/kuma-db/preview',
  tags,
  summary: 'Dry run of an Uptime Kuma kuma.db (SQLite, 1.x or 2.x): the same preview as a backup’s',
  request: { body: kumaDb },
  responses: { 200: json(importPreviewSchema, 'The preview; nothing is written'), ...dbErrors },
});
const applyDb = createRoute({
  method: 'post',
  operationId: 'runKumaDbImport',
  path: '/imports/kuma-db',
  tags,
  summary: 'Import the monitors and notifications of an Uptime Kuma kuma.db, all in one transaction',
  request: { body: kumaDb },
  responses: {
    201: json(importResultSchema, 'What was created, and what was skipped'),
    ...dbErrors,
    403: json(errorSchema, 'monitor_limit_reached (nothing is created) or forbidden_role'),
  },
});

async function fileBytes(c: Context<AppEnv>): Promise<Uint8Array> {
  if (/json|form/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send kuma.db as the request body, with Content-Type: application/octet-stream.',
    );
  }
  // The app's body guard holds these routes to the same bound; this keeps it should that change.
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > KUMA_DB_MAX_BYTES) {
    throw new ApiError(
      413,
      'payload_too_large',
      `The request body is larger than ${KUMA_DB_MAX_BYTES / MiB} MiB.`,
    );
  }
  return bytes;
}

export function mountImportRoutes(api: OpenAPIHono<AppEnv>, service: ImportService): void {
  // Before /imports/{source}: the static kuma-db paths answer first.
  api.openapi(previewDb, async (c) =>
    c.json(await service.preview(requireCaller(c), 'kuma-db', await fileBytes(c)), 200),
  );
  api.openapi(applyDb, async (c) =>
    c.json(await service.apply(requireCaller(c), 'kuma-db', await fileBytes(c)), 201),
  );
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
