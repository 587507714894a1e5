// Storing a maintenance window, shared by the API's create and a deployment's
// maintenance_minutes: the schedule normalised, the first occurrence worked out (one already
// running covers its monitors in the same transaction), the chosen monitors checked.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { MaintenanceRecurrenceInput } from '../../core/api/maintenance.ts';
import { withDefaultDays } from '../../core/maintenance-schedule.ts';
import type { MaintenanceWindowTable } from '../platform/db/maintenance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { announceNewWindow } from '../status-pages/subscribers/notices.ts';
import { selectMonitors } from './select-monitors.ts';
import { firstTiming, refreshCoverage, type WindowTiming } from './transitions.ts';

export interface NewWindow {
  workspaceId: string;
  name: string;
  startsAt: number;
  durationMinutes: number;
  /** null: every monitor of the workspace. */
  monitorIds: readonly string[] | null;
  recurrence: MaintenanceRecurrenceInput | null;
  deploymentId?: string | null;
}

export function storedRecurrence(
  recurrence: MaintenanceRecurrenceInput | null,
  startsAt: number,
): string | null {
  return recurrence ? JSON.stringify(withDefaultDays(recurrence, startsAt)) : null;
}

export function nothingLeft(timing: WindowTiming): ApiError | null {
  if (timing.next_transition_at !== null) return null;
  return new ApiError(
    422,
    'window_in_past',
    'This window has no occurrence left to run: it ends before now, or its recurrence ends before it starts.',
  );
}

/** Replaces the monitors a window covers; each must belong to the workspace (404 monitor_not_found). */
export async function chooseMonitors(
  tx: Kysely<Database>,
  workspaceId: string,
  windowId: string,
  ids: readonly string[],
): Promise<void> {
  await selectMonitors(tx, workspaceId, { kind: 'ids', ids });
  await tx.deleteFrom('maintenance_window_monitors').where('window_id', '=', windowId).execute();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx
    .insertInto('maintenance_window_monitors')
    .values(unique.map((monitorId) => ({ window_id: windowId, monitor_id: monitorId })))
    .execute();
}

/** Stores a window inside the caller's transaction and covers its monitors if it is running. */
export async function insertWindow(tx: Kysely<Database>, input: NewWindow, now: number): Promise<string> {
  const schedule = {
    starts_at: input.startsAt,
    duration_minutes: input.durationMinutes,
    recurrence: storedRecurrence(input.recurrence, input.startsAt),
  };
  const timing = firstTiming({ ...schedule, active_from: null, active_until: null }, now);
  const refused = nothingLeft(timing);
  if (refused) throw refused;
  const row: MaintenanceWindowTable = {
    id: uuidv7(),
    workspace_id: input.workspaceId,
    name: input.name,
    ...schedule,
    all_monitors: input.monitorIds === null ? 1 : 0,
    ...timing,
    deployment_id: input.deploymentId ?? null,
    managed_key: null,
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto('maintenance_windows').values(row).execute();
  if (input.monitorIds) await chooseMonitors(tx, input.workspaceId, row.id, input.monitorIds);
  await refreshCoverage(tx, row, now);
  await announceNewWindow(tx, row, now);
  return row.id;
}
