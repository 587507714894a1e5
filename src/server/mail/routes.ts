// /api/v1/outbox: the mail Upwatch kept instead of sending (no SMTP_URL), the workspace's own.
// Its mail carries invitation links and subscribers' confirm and unsubscribe links, so only the
// workspace's owner and admins may read it (src/core/permissions.ts, readOutbox).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { outboxListSchema } from '../../core/api/alerts.ts';
import { errorSchema } from '../../core/api/errors.ts';
import { can, refusalMessage } from '../../core/permissions.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEnv, requireWorkspace } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

const list = createRoute({
  method: 'get',
  operationId: 'listOutboxMail',
  path: '/outbox',
  tags: ['Alerts'],
  summary: 'Mail kept in the outbox (no SMTP server configured), newest first',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
  responses: {
    200: { description: 'The mails', content: { 'application/json': { schema: outboxListSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
    403: {
      description: 'forbidden_role: only the owner and admins read the outbox',
      content: { 'application/json': { schema: errorSchema } },
    },
  },
});

export function mountOutboxRoutes(api: OpenAPIHono<AppEnv>, db: Kysely<Database>): void {
  api.openapi(list, async (c) => {
    const workspace = requireWorkspace(c);
    if (!can(workspace.role, 'readOutbox')) {
      throw new ApiError(403, 'forbidden_role', refusalMessage('readOutbox', workspace.role));
    }
    const rows = await db
      .selectFrom('outbox')
      .selectAll()
      .where('workspace_id', '=', workspace.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(c.req.valid('query').limit)
      .execute();
    const mails = rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      createdAt: row.created_at,
    }));
    return c.json({ mails }, 200);
  });
}
