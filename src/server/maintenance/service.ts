// Maintenance windows: create, read, change, delete, start now and end now. Every write runs in
// one transaction with its audit event and brings the covered monitors in step at once, so a
// window started or ended here holds from the next check, not from the job's next pass.
import type { Kysely } from 'kysely';
import type {
  MaintenanceWindow,
  MaintenanceWindowInput,
  MaintenanceWindowUpdate,
} from '../../core/api/maintenance.ts';
import { type AuditEntry, recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { MaintenanceWindowTable } from '../platform/db/maintenance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { announceStart } from '../status-pages/subscribers/notices.ts';
import { chooseMonitors, insertWindow, nothingLeft, storedRecurrence } from './insert-window.ts';
import { getOwnedWindowRow, listWindows, loadWindow, type WindowListQuery } from './repository.ts';
import {
  advance,
  endedNow,
  firstTiming,
  refreshCoverage,
  startedNow,
  type WindowTiming,
} from './transitions.ts';
import { createMaintenanceUpdates } from './updates.ts';

export interface MaintenanceServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
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
    const current = { ...row, ...advance(row, now) };
    const timing = next(current);
    await tx
      .updateTable('maintenance_windows')
      .set({ ...timing, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await refreshCoverage(tx, { ...row, ...timing }, now);
    await announceStart(tx, row, current, timing, now);
  }

  const get = (workspaceId: string, id: string) => loadWindow(db, workspaceId, id, clock.now());

  return {
    list: (workspaceId: string, query: WindowListQuery) => listWindows(db, workspaceId, query, clock.now()),
    get,
    /** The public updates posted on windows. */
    updates: createMaintenanceUpdates({ db, clock }),

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
        if (patch.monitorIds !== undefined) await chooseMonitors(tx, row.workspace_id, id, patch.monitorIds);
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
          return endedNow(current, now);
        });
        return row.name;
      });
      return get(caller.workspaceId, id);
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
