import type { Kysely } from 'kysely';
import type { IncidentList, IncidentListQuery } from '../../core/api/incidents.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { selectSummaryRows, toSummary } from './repository.ts';

function encodeCursor(startedAt: number, id: string): string {
  return Buffer.from(JSON.stringify([startedAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): [number, string] {
  try {
    const [startedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof startedAt === 'number' && typeof id === 'string') return [startedAt, id];
  } catch {
    // falls through to the error below
  }
  throw new ApiError(400, 'invalid_cursor', 'The cursor is not one this API returned.');
}

/**
 * Newest first, keyset-paginated on (started_at, id). A time range keeps the incidents that
 * overlap it, so an outage that began before `from` and is still open is listed.
 */
export async function listIncidents(
  db: Kysely<Database>,
  workspaceId: string,
  query: IncidentListQuery,
  now: number,
): Promise<IncidentList> {
  let select = selectSummaryRows(db, workspaceId);
  if (query.cursor) {
    const [startedAt, id] = decodeCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([
        eb('incidents.started_at', '<', startedAt),
        eb.and([eb('incidents.started_at', '=', startedAt), eb('incidents.id', '<', id)]),
      ]),
    );
  }
  if (query.state === 'open') select = select.where('incidents.resolved_at', 'is', null);
  if (query.state === 'resolved') select = select.where('incidents.resolved_at', 'is not', null);
  if (query.severity) select = select.where('incidents.severity', '=', query.severity);
  const { monitorId, from, to } = query;
  if (monitorId) {
    select = select.where((eb) =>
      eb.or([
        eb('incidents.primary_monitor_id', '=', monitorId),
        eb.exists(
          eb
            .selectFrom('incident_monitors')
            .select('incident_monitors.monitor_id')
            .whereRef('incident_monitors.incident_id', '=', 'incidents.id')
            .where('incident_monitors.monitor_id', '=', monitorId),
        ),
      ]),
    );
  }
  if (from !== undefined) {
    select = select.where((eb) =>
      eb.or([eb('incidents.resolved_at', 'is', null), eb('incidents.resolved_at', '>=', from)]),
    );
  }
  if (to !== undefined) select = select.where('incidents.started_at', '<=', to);
  const rows = await select
    .orderBy('incidents.started_at', 'desc')
    .orderBy('incidents.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    incidents: page.map((row) => toSummary(row, now)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.started_at, last.id) : null,
  };
}
