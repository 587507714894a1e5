// Maintenance windows in the file: the monitors they cover by key, the recurrence compared as the
// window stores it (its default days filled in). Only windows still to run are configuration:
// completed ones and those a deployment opened are history, left out of export and never pruned.
import type { Kysely } from 'kysely';
import type { ConfigMaintenanceWindow, FieldChange } from '../../core/api/config-file.ts';
import type { MaintenanceWindowUpdate } from '../../core/api/maintenance.ts';
import { withDefaultDays } from '../../core/maintenance-schedule.ts';
import type { MaintenanceService } from '../maintenance/service.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { diffFields } from './fields.ts';
import { assignKeys } from './keys.ts';
import type { Section } from './reconcile.ts';

export interface StoredWindow {
  id: string;
  key: string;
  managed: boolean;
  entry: ConfigMaintenanceWindow;
}

export async function storedWindows(
  db: Kysely<Database>,
  windows: MaintenanceService,
  workspaceId: string,
  monitorKeys: ReadonlyMap<string, string>,
): Promise<StoredWindow[]> {
  const rows = await db
    .selectFrom('maintenance_windows')
    .select(['id', 'name', 'managed_key'])
    .where('workspace_id', '=', workspaceId)
    .where('next_transition_at', 'is not', null)
    .where('deployment_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const stored: StoredWindow[] = [];
  for (const row of assignKeys(rows, 'window')) {
    const window = await windows.get(workspaceId, row.id);
    const entry: ConfigMaintenanceWindow = {
      name: window.name,
      startsAt: window.startsAt,
      durationMinutes: window.durationMinutes,
      monitors: window.monitorIds.map((id) => monitorKeys.get(id) ?? id).sort(),
      recurrence: window.recurrence,
    };
    stored.push({ id: row.id, key: row.key, managed: row.managed_key !== null, entry });
  }
  return stored;
}

/** The window as it would be stored: monitors in key order, the recurrence's default days filled in. */
function normalised(entry: ConfigMaintenanceWindow): ConfigMaintenanceWindow {
  return {
    ...entry,
    monitors: [...entry.monitors].sort(),
    recurrence: entry.recurrence ? withDefaultDays(entry.recurrence, entry.startsAt) : null,
  };
}

export interface WindowSectionDeps {
  caller: Caller;
  windows: MaintenanceService;
  stored: StoredWindow[];
  monitorIds: ReadonlyMap<string, string>;
}

function idsOf(key: string, monitors: string[], ids: ReadonlyMap<string, string>): string[] {
  return monitors.map((monitor) => {
    const id = ids.get(monitor);
    if (!id) {
      throw new ApiError(
        422,
        'unknown_monitor',
        `maintenanceWindows.${key}.monitors: no monitor has the key "${monitor}".`,
      );
    }
    return id;
  });
}

interface WindowPlan {
  fields: FieldChange[];
  desired: ConfigMaintenanceWindow;
  /** The covered monitors' ids, as the service takes them. */
  covered: string[];
}

export function windowSection({
  caller,
  windows,
  stored,
  monitorIds,
}: WindowSectionDeps): Section<ConfigMaintenanceWindow, StoredWindow, WindowPlan> {
  return {
    table: 'maintenance_windows',
    resource: 'maintenanceWindow',
    stored,
    plan(key, entry, current) {
      const desired = normalised(entry);
      const fields = diffFields(current?.entry ?? null, desired);
      return { fields, desired, covered: idsOf(key, entry.monitors, monitorIds) };
    },
    create: async (_key, entry, { covered }) =>
      (await windows.create(caller, { ...entry, monitorIds: covered })).id,
    async update(current, _entry, { fields, desired, covered }) {
      const update: MaintenanceWindowUpdate = {};
      for (const { field } of fields) {
        if (field === 'monitors') update.monitorIds = covered;
        else Object.assign(update, { [field]: desired[field as keyof ConfigMaintenanceWindow] });
      }
      await windows.update(caller, current.id, update);
    },
    delete: (id) => windows.delete(caller, id),
  };
}
