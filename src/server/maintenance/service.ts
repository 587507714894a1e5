// Maintenance windows: create, read, change, delete, start now and end now. Every write runs in
// one transaction with its audit event and brings the covered monitors in step at once, so a
// window started or ended here holds from the next check, not from the job's next pass.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type {
  MaintenanceRecurrenceInput,
  MaintenanceWindow,
  MaintenanceWindowInput,
  MaintenanceWindowUpdate,
} from '../../core/api/maintenance.ts';
import { withDefaultDays } from '../../core/maintenance-schedule.ts';
import { type AuditEntry, recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { MaintenanceWindowTable } from '../db/maintenance-schema.ts';
import type { Database } from '../db/schema.ts';
import { selectMonitors } from '../deployments/select-monitors.ts';
import { ApiError } from '../http/errors.ts';
import type { Caller } from '../http/session.ts';
import { getOwnedWindowRow, listWindows, loadWindow, type WindowListQuery } from './repository.ts';
import {
  advance,
  endedNow,
  firstTiming,
  refreshCoverage,
  startedNow,
  type WindowTiming,
} from './transitions.ts';

export interface MaintenanceServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

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

function storedRecurrence(recurrence: MaintenanceRecurrenceInput | null, startsAt: number): string | null {
  return recurrence ? JSON.stringify(withDefaultDays(recurrence, startsAt)) : null;
}

function nothingLeft(timing: WindowTiming): ApiError | null {
  if (timing.next_transition_at !== null) return null;
  return new ApiError(
    422,
    'window_in_past',
    'This window has no occurrence left to run: it ends before now, or its recurrence ends before it starts.',
  );
}

/** Replaces the monitors a window covers; each must belong to the workspace (404 monitor_not_found). */
async function chooseMonitors(
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
    user_id: input.workspaceId,
    name: input.name,
    ...schedule,
    all_monitors: input.monitorIds === null ? 1 : 0,
    ...timing,
    deployment_id: input.deploymentId ?? null,
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto('maintenance_windows').values(row).execute();
  if (input.monitorIds) await chooseMonitors(tx, input.workspaceId, row.id, input.monitorIds);
  await refreshCoverage(tx, row, now);
  return row.id;
}

export function createMaintenanceService({ db, clock }: MaintenanceServiceDeps) {
  /** Reads the window, changes it with `change` and records `action`, all in one transaction. */
  async function write(
    caller: Caller,
    id: string,
    action: AuditEntry['action'],
    change: (tx: Kysely<Database>, row: MaintenanceWindowTable, now: number) => Promise<string>,
  ): Promise<void> {
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const row = await getOwnedWindowRow(tx, caller.workspaceId, id);
      const name = await change(tx, row, now);
      await recordAudit(tx, caller, now, { action, resource: { id, name } });
    });
  }

  /** Stores new timing, counted from the window as it stands now (the job may not have run yet). */
  async function retime(
    tx: Kysely<Database>,
    row: MaintenanceWindowTable,
    now: number,
    next: (current: MaintenanceWindowTable) => WindowTiming,
  ) {
    const timing = next({ ...row, ...advance(row, now) });
    await tx
      .updateTable('maintenance_windows')
      .set({ ...timing, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await refreshCoverage(tx, { ...row, ...timing }, now);
  }

  const get = (workspaceId: string, id: string) => loadWindow(db, workspaceId, id, clock.now());

  return {
    list: (workspaceId: string, query: WindowListQuery) => listWindows(db, workspaceId, query, clock.now()),
    get,

    async create(caller: Caller, input: MaintenanceWindowInput): Promise<MaintenanceWindow> {
      const now = clock.now();
      const id = await db.transaction().execute(async (tx) => {
        const created = await insertWindow(
          tx,
          {
            workspaceId: caller.workspaceId,
            name: input.name,
            startsAt: input.startsAt,
            durationMinutes: input.durationMinutes,
            monitorIds: input.monitorIds.length === 0 ? null : input.monitorIds,
            recurrence: input.recurrence ?? null,
          },
          now,
        );
        await recordAudit(tx, caller, now, {
          action: 'maintenance_window.create',
          resource: { id: created, name: input.name },
        });
        return created;
      });
      return get(caller.workspaceId, id);
    },

    async update(caller: Caller, id: string, patch: MaintenanceWindowUpdate): Promise<MaintenanceWindow> {
      await write(caller, id, 'maintenance_window.update', async (tx, row, now) => {
        const startsAt = patch.startsAt ?? Number(row.starts_at);
        const schedule = {
          starts_at: startsAt,
          duration_minutes: patch.durationMinutes ?? row.duration_minutes,
          recurrence:
            patch.recurrence === undefined ? row.recurrence : storedRecurrence(patch.recurrence, startsAt),
        };
        const rescheduled =
          schedule.starts_at !== Number(row.starts_at) ||
          schedule.duration_minutes !== row.duration_minutes ||
          schedule.recurrence !== row.recurrence;
        // A new schedule starts from now; the name or the monitors alone leave the timing be.
        const timing = rescheduled ? firstTiming({ ...row, ...advance(row, now), ...schedule }, now) : null;
        const refused = timing && nothingLeft(timing);
        if (refused) throw refused;
        const all = patch.monitorIds === undefined ? row.all_monitors : patch.monitorIds.length === 0 ? 1 : 0;
        const name = patch.name ?? row.name;
        await tx
          .updateTable('maintenance_windows')
          .set({ ...schedule, ...timing, name, all_monitors: all, updated_at: now })
          .where('id', '=', id)
          .execute();
        if (patch.monitorIds !== undefined) await chooseMonitors(tx, row.user_id, id, patch.monitorIds);
        await refreshCoverage(tx, { ...row, ...timing, all_monitors: all }, now);
        return name;
      });
      return get(caller.workspaceId, id);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      await write(caller, id, 'maintenance_window.delete', async (tx, row, now) => {
        await refreshCoverage(tx, { ...row, active_until: null }, now);
        await tx.deleteFrom('maintenance_windows').where('id', '=', id).execute();
        return row.name;
      });
    },

    async start(caller: Caller, id: string): Promise<MaintenanceWindow> {
      await write(caller, id, 'maintenance_window.start', async (tx, row, now) => {
        await retime(tx, row, now, (current) => startedNow(current, now));
        return row.name;
      });
      return get(caller.workspaceId, id);
    },

    async end(caller: Caller, id: string): Promise<MaintenanceWindow> {
      await write(caller, id, 'maintenance_window.end', async (tx, row, now) => {
        await retime(tx, row, now, (current) => {
          if (current.active_until === null) {
            throw new ApiError(409, 'window_not_in_progress', 'This maintenance window is not in progress.');
          }
          return endedNow(current);
        });
        return row.name;
      });
      return get(caller.workspaceId, id);
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
