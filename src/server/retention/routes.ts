// GET /api/v1/retention/preview?plan=: the signed-in user's rows a move to that plan would prune.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { retentionPreviewSchema } from '../../core/api/digests.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { PLAN_IDS } from '../../core/plans.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import { previewRetention } from './preview.ts';

const preview = createRoute({
  method: 'get',
  operationId: 'getRetentionPreview',
  path: '/retention/preview',
  tags: ['Account'],
  summary: 'What a move to a plan would delete at the next retention pass, per data kind',
  request: { query: z.object({ plan: z.enum(PLAN_IDS) }) },
  responses: {
    200: json(retentionPreviewSchema, 'Rows past the retention of the plan, per kind'),
    400: json(errorSchema, 'validation_failed: plan must be free, starter or pro'),
    401: json(errorSchema, 'Not signed in'),
  },
});

export function mountRetentionRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>, clock: Clock): void {
  api.openapi(preview, async (c) => {
    const workspaceId = requireWorkspace(c).id;
    return c.json(await previewRetention(db, workspaceId, c.req.valid('query').plan, clock.now()), 200);
  });
}
