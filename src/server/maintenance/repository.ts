// Row <-> API shape for maintenance windows, and the workspace-scoped reads every route goes
// through. A window's state is worked out at `now` from its stored timing, so an answer is exact
// even while the maintenance job has yet to catch up.
import type { Kysely } from 'kysely';
import { type MaintenanceWindow, NEXT_OCCURRENCES } from '../../core/api/maintenance.ts';
import { startsAfter } from '../../core/maintenance-schedule.ts';
import type { MaintenanceWindowTable } from '../platform/db/maintenance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { decodeCursor, slicePage } from '../platform/http/cursor.ts';
import { ApiError } from '../platform/http/errors.ts';
import { advance, scheduleOf } from './transitions.ts';

const MINUTE_MS = 60_000;

export function maintenanceWindowNotFound(): ApiError {
  return new ApiError(
    404,
    'maintenance_window_not_found',
    'No maintenance window with that id exists in this workspace.',
  );
}

export function toMaintenanceWindow(
  row: MaintenanceWindowTable,
  monitorIds: readonly string[],
  now: number,
): MaintenanceWindow {
  const timing = advance(row, now);
  const schedule = scheduleOf(row);
  const length = row.duration_minutes * MINUTE_MS;
  const coming =
    timing.next_occurrence_at === null
      ? []
      : startsAfter(schedule, timing.next_occurrence_at - 1, NEXT_OCCURRENCES);
  const current =
    timing.active_from === null || timing.active_until === null
      ? null
      : { startsAt: timing.active_from, endsAt: timing.active_until };
  return {
    id: row.id,
    name: row.name,
    startsAt: Number(row.starts_at),
    durationMinutes: row.duration_minutes,
    monitorIds: row.all_monitors === 1 ? [] : [...monitorIds],
    allMonitors: row.all_monitors === 1,
    recurrence: schedule.recurrence,
    state: current ? 'in_progress' : timing.next_occurrence_at === null ? 'completed' : 'upcoming',
    current,
    nextOccurrences: coming.map((start) => ({ startsAt: start, endsAt: start + length })),
    deploymentId: row.deployment_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The workspace's window row, or 404 — also for another workspace's, so ids reveal nothing. */
export async function getOwnedWindowRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<MaintenanceWindowTable> {
  const row = await db
    .selectFrom('maintenance_windows')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw maintenanceWindowNotFound();
  return row;
}

/** The chosen monitors of each window, in one query. */
export async function monitorIdsOf(
  db: Kysely<Database>,
  windowIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byWindow = new Map<string, string[]>();
  if (windowIds.length === 0) return byWindow;
  const rows = await db
    .selectFrom('maintenance_window_monitors')
    .select(['window_id', 'monitor_id'])
    .where('window_id', 'in', windowIds)
    .orderBy('monitor_id')
    .execute();
  for (const row of rows)
    byWindow.set(row.window_id, [...(byWindow.get(row.window_id) ?? []), row.monitor_id]);
  return byWindow;
}

export async function loadWindow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: number,
): Promise<MaintenanceWindow> {
  const row = await getOwnedWindowRow(db, workspaceId, id);
  return toMaintenanceWindow(row, (await monitorIdsOf(db, [id])).get(id) ?? [], now);
}

export interface WindowListQuery {
  /** open: upcoming or in progress; completed: none left to run. */
  state?: 'open' | 'completed';
  cursor?: string;
  limit: number;
}

/** Newest first, keyset-paginated on the id (UUIDv7: creation order). */
export async function listWindows(
  db: Kysely<Database>,
  workspaceId: string,
  query: WindowListQuery,
  now: number,
) {
  let select = db.selectFrom('maintenance_windows').selectAll().where('workspace_id', '=', workspaceId);
  if (query.state === 'open') select = select.where('next_transition_at', 'is not', null);
  if (query.state === 'completed') select = select.where('next_transition_at', 'is', null);
  if (query.cursor) {
    const [, id] = decodeCursor(query.cursor);
    select = select.where('id', '<', id);
  }
  const rows = await select
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const monitors = await monitorIdsOf(
    db,
    rows.map((row) => row.id),
  );
  const { page, nextCursor } = slicePage(
    rows.map((row) => toMaintenanceWindow(row, monitors.get(row.id) ?? [], now)),
    query.limit,
    (window) => window.createdAt,
  );
  return { windows: page, nextCursor };
}
