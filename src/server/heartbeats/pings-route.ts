// GET /api/v1/monitors/{id}/pings: a heartbeat's ping log, newest first, the owner's only.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { errorSchema } from '../../core/api/errors.ts';
import { heartbeatPingListSchema } from '../../core/api/monitor-kinds/heartbeat.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { json } from '../platform/http/openapi.ts';
import { PINGS_KEPT, toHeartbeatPing } from './ping-log.ts';

const listPings = createRoute({
  method: 'get',
  operationId: 'listHeartbeatPings',
  path: '/monitors/{id}/pings',
  tags: ['Monitors'],
  summary: `A heartbeat's last ${PINGS_KEPT} pings, newest first`,
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(heartbeatPingListSchema, 'The pings (none for other kinds)'),
    401: json(errorSchema, 'Not signed in'),
    404: json(errorSchema, 'No such monitor in your account'),
  },
});

export function mountHeartbeatPingRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>): void {
  api.openapi(listPings, async (c) => {
    const monitor = await getOwnedMonitorRow(db, requireWorkspace(c).id, c.req.valid('param').id);
    const rows = await db
      .selectFrom('heartbeat_pings')
      .selectAll()
      .where('monitor_id', '=', monitor.id)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(PINGS_KEPT)
      .execute();
    return c.json({ pings: rows.map(toHeartbeatPing) }, 200);
  });
}
