// A page of a workspace's audit log, newest first, keyset-paginated on (at, id), filtered by
// actor (a person, or an API key), resource type and time.
import type { Kysely } from 'kysely';
import type { AuditEvent, AuditEventList, AuditQuery } from '../../core/api/audit.ts';
import type { AuditEventTable } from '../platform/db/audit-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { decodeCursor, slicePage } from '../platform/http/cursor.ts';
import { ApiError } from '../platform/http/errors.ts';

function toEvent(row: AuditEventTable & { key_name: string | null }): AuditEvent {
  return {
    id: row.id,
    at: Number(row.at),
    actor: {
      id: row.actor_id,
      name: row.actor_name,
      apiKey: row.api_key_id ? { id: row.api_key_id, name: row.key_name } : null,
    },
    action: row.action,
    resource: { type: row.resource_type, id: row.resource_id, name: row.resource_name },
    address: row.address,
  };
}

export async function listAuditEvents(
  db: Kysely<Database>,
  workspaceId: string,
  query: AuditQuery,
): Promise<AuditEventList> {
  if (query.since !== undefined && query.until !== undefined && query.since >= query.until) {
    throw new ApiError(400, 'invalid_range', '`since` must be earlier than `until`.');
  }
  let select = db
    .selectFrom('audit_events')
    .leftJoin('api_keys', 'api_keys.id', 'audit_events.api_key_id')
    .selectAll('audit_events')
    .select('api_keys.name as key_name')
    .where('audit_events.workspace_id', '=', workspaceId);
  const { actor, resourceType, since, until } = query;
  if (actor !== undefined) {
    select = select.where((eb) =>
      eb.or([eb('audit_events.actor_id', '=', actor), eb('audit_events.api_key_id', '=', actor)]),
    );
  }
  if (resourceType !== undefined) select = select.where('audit_events.resource_type', '=', resourceType);
  if (since !== undefined) select = select.where('audit_events.at', '>=', since);
  if (until !== undefined) select = select.where('audit_events.at', '<', until);
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([
        eb('audit_events.at', '<', at),
        eb.and([eb('audit_events.at', '=', at), eb('audit_events.id', '<', id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy('audit_events.at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = slicePage(rows, query.limit, (row) => Number(row.at));
  return { events: page.map(toEvent), nextCursor };
}
