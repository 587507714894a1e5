// /api/v1 alert channels, per-monitor channel choice and the deliveries log. Each handler
// parses, authorises (session user), calls the service, responds.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import {
  channelDetailSchema,
  channelInputSchema,
  channelListSchema,
  channelUpdateSchema,
  deliveryListSchema,
  monitorChannelsInputSchema,
  monitorChannelsSchema,
  testResultSchema,
} from '../../core/api/alerts.ts';
import { errorSchema } from '../../core/api/errors.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../platform/http/caller.ts';
import { body, json } from '../platform/http/openapi.ts';
import type { ChannelService } from './channel-service.ts';
import { listDeliveries } from './deliveries.ts';
import { getMonitorChannels } from './monitor-channels.ts';

const tags = ['Alerts'];
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed and others)'),
  422: json(errorSchema, 'validation_failed: a body field it cannot accept, named first'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such channel (or monitor) in your account'),
};
const writeErrors = {
  ...errors,
  403: json(errorSchema, 'feature_not_in_plan: signed webhooks need the Pro plan'),
  422: json(errorSchema, 'validation_failed (the field named first) or private_target (a private address)'),
};
const idParams = z.object({ id: z.string().min(1).max(64) });

const list = createRoute({
  method: 'get',
  operationId: 'listAlertChannels',
  path: '/alert-channels',
  tags,
  summary: 'List alert channels',
  responses: { 200: json(channelListSchema, 'The channels and the account email'), ...errors },
});
const create = createRoute({
  method: 'post',
  operationId: 'createAlertChannel',
  path: '/alert-channels',
  tags,
  summary: 'Add an alert channel',
  request: body(channelInputSchema),
  responses: {
    201: json(channelDetailSchema, "The channel (a webhook's secret shown this once)"),
    ...writeErrors,
  },
});
const update = createRoute({
  method: 'patch',
  operationId: 'updateAlertChannel',
  path: '/alert-channels/{id}',
  tags,
  summary: 'Rename a channel or replace its config (secret fields left blank keep their stored values)',
  request: { params: idParams, ...body(channelUpdateSchema) },
  responses: { 200: json(channelDetailSchema, 'The channel'), ...writeErrors },
});
const remove = createRoute({
  method: 'delete',
  operationId: 'deleteAlertChannel',
  path: '/alert-channels/{id}',
  tags,
  summary: 'Delete a channel (monitors that used only it fall back to the account email)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
const test = createRoute({
  method: 'post',
  operationId: 'testAlertChannel',
  path: '/alert-channels/{id}/test',
  tags,
  summary: "Send a test alert through the channel ('account-email' for the account email)",
  request: { params: idParams },
  responses: { 200: json(testResultSchema, 'Whether the channel took the alert'), ...errors },
});
const monitorChannels = createRoute({
  method: 'get',
  operationId: 'getMonitorAlertChannels',
  path: '/monitors/{id}/alert-channels',
  tags,
  summary: "The channels a monitor's alerts go to",
  request: { params: idParams },
  responses: { 200: json(monitorChannelsSchema, 'The chosen channels'), ...errors },
});
const chooseChannels = createRoute({
  method: 'put',
  operationId: 'setMonitorAlertChannels',
  path: '/monitors/{id}/alert-channels',
  tags,
  summary: "Choose the channels a monitor's alerts go to (none: the account email)",
  request: { params: idParams, ...body(monitorChannelsInputSchema) },
  responses: { 200: json(monitorChannelsSchema, 'The chosen channels'), ...errors },
});
const deliveries = createRoute({
  method: 'get',
  operationId: 'listAlertDeliveries',
  path: '/alert-deliveries',
  tags,
  summary: 'Alert deliveries, newest first',
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      monitorId: z.string().min(1).max(64).optional(),
    }),
  },
  responses: { 200: json(deliveryListSchema, 'The deliveries'), ...errors },
});

export function mountAlertRoutes(
  api: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  service: ChannelService,
): void {
  api.openapi(list, async (c) => c.json(await service.list(requireWorkspace(c).id), 200));
  api.openapi(create, async (c) => c.json(await service.create(requireCaller(c), c.req.valid('json')), 201));
  api.openapi(update, async (c) =>
    c.json(await service.update(requireCaller(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  api.openapi(remove, async (c) => {
    await service.delete(requireCaller(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  api.openapi(test, async (c) => c.json(await service.test(requireCaller(c), c.req.valid('param').id), 200));
  api.openapi(monitorChannels, async (c) =>
    c.json(await getMonitorChannels(db, requireWorkspace(c).id, c.req.valid('param').id), 200),
  );
  api.openapi(chooseChannels, async (c) =>
    c.json(
      await service.setMonitorChannels(
        requireCaller(c),
        c.req.valid('param').id,
        c.req.valid('json').channelIds,
      ),
      200,
    ),
  );
  api.openapi(deliveries, async (c) => {
    const deliveries = await listDeliveries(db, requireWorkspace(c).id, c.req.valid('query'));
    return c.json({ deliveries }, 200);
  });
}
