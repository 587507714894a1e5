// /api/v1/monitors/{id}/results and /uptime: the owner's history of one monitor.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { checkResultListSchema, uptimeReportSchema } from '../../core/api/history.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { uptimeReport } from './report.ts';
import { listResults } from './results.ts';

const tags = ['Monitors'];
const params = z.object({ id: z.string().min(1).max(64) });
const errors = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
  404: {
    description: 'No such monitor in your account',
    content: { 'application/json': { schema: errorSchema } },
  },
};

const results = createRoute({
  method: 'get',
  operationId: 'listCheckResults',
  path: '/monitors/{id}/results',
  tags,
  summary: 'Check results, newest first',
  request: {
    params,
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      after: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .meta({ description: 'Only results after this time (epoch ms)' }),
      before: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .meta({ description: 'Only results before this time (epoch ms)' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of results',
      content: { 'application/json': { schema: checkResultListSchema } },
    },
    ...errors,
  },
});

const uptime = createRoute({
  method: 'get',
  operationId: 'getMonitorUptime',
  path: '/monitors/{id}/uptime',
  tags,
  summary: 'Uptime and latency for 24 h / 7 d / 30 d / 90 d, hourly and daily series, outages',
  request: { params },
  responses: {
    200: { description: 'The report', content: { 'application/json': { schema: uptimeReportSchema } } },
    ...errors,
  },
});

export function mountHistoryRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>, clock: Clock): void {
  api.openapi(results, async (c) => {
    const monitor = await getOwnedMonitorRow(db, requireWorkspace(c).id, c.req.valid('param').id);
    return c.json(await listResults(db, monitor, c.req.valid('query')), 200);
  });
  api.openapi(uptime, async (c) => {
    const monitor = await getOwnedMonitorRow(db, requireWorkspace(c).id, c.req.valid('param').id);
    return c.json(await uptimeReport(db, monitor.id, clock.now()), 200);
  });
}
