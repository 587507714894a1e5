// A status page's subscribers under /api/v1, for Settings → Public Status and scripts: the list
// (JSON, or CSV with ?format=csv) and removing one. Parse, authorise, call the service, respond.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../core/api/errors.ts';
import { subscriberListSchema } from '../../../core/api/subscribers.ts';
import { type AppEnv, requireCaller, requireWorkspace } from '../../platform/http/caller.ts';
import { json } from '../../platform/http/openapi.ts';
import { type SubscriberOwnerService, subscribersCsv } from './owner-service.ts';

const tags = ['Status pages'];
const pageParams = z.object({ id: z.string().min(1).max(64) });
const errors = {
  400: json(errorSchema, 'Invalid query or path (validation_failed)'),
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'status_page_not_found or subscriber_not_found: not in your account'),
};

const list = createRoute({
  method: 'get',
  operationId: 'listSubscribers',
  path: '/status-pages/{id}/subscribers',
  tags,
  summary: "List a status page's subscribers, oldest first (format=csv downloads them)",
  request: {
    params: pageParams,
    query: z.object({ format: z.enum(['json', 'csv']).default('json') }),
  },
  responses: {
    200: {
      description: 'The subscribers with the counts and the plan limit, or the CSV file',
      content: {
        'application/json': { schema: subscriberListSchema },
        'text/csv': { schema: z.string() },
      },
    },
    ...errors,
  },
});

const remove = createRoute({
  method: 'delete',
  operationId: 'deleteSubscriber',
  path: '/status-pages/{id}/subscribers/{subscriberId}',
  tags,
  summary: 'Remove a subscriber: nothing more is sent to them',
  request: { params: pageParams.extend({ subscriberId: z.string().min(1).max(64) }) },
  responses: { 204: { description: 'Removed' }, ...errors },
});

export function mountSubscriberApiRoutes(api: OpenAPIHono<AppEnv>, service: SubscriberOwnerService): void {
  api.openapi(list, async (c) => {
    const { id } = c.req.valid('param');
    const result = await service.list(requireWorkspace(c).id, id);
    if (c.req.valid('query').format === 'json') return c.json(result, 200);
    return c.body(subscribersCsv(result.subscribers), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscribers-${id}.csv"`,
    });
  });
  api.openapi(remove, async (c) => {
    const { id, subscriberId } = c.req.valid('param');
    await service.delete(requireCaller(c), id, subscriberId);
    return c.body(null, 204);
  });
}
