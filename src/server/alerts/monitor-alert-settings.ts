// A monitor's alert settings beside its channels: the monitors it depends on, reminders while
// down, and alerts when slow. Dependencies stay a forest: a change that would close a loop is
// refused, so an outage never waits on itself.
import type { Kysely } from 'kysely';
import type { MonitorAlertSettings, MonitorAlertSettingsInput } from '../../core/api/alert-settings.ts';
import { recordAudit } from '../audit/record.ts';
import { getOwnedMonitorRow, monitorNotFound } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

export async function getMonitorAlertSettings(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
): Promise<MonitorAlertSettings> {
  const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
  const upstream = await db
    .selectFrom('monitor_dependencies')
    .select('depends_on_id')
    .where('monitor_id', '=', monitorId)
    .orderBy('depends_on_id')
    .execute();
  return {
    dependsOn: upstream.map((row) => row.depends_on_id),
    renotifyMinutes: monitor.renotify_minutes ?? null,
    alertOnDegraded: monitor.alert_on_degraded === 1,
  };
}

/** Every dependency between the workspace's monitors: (monitor, the monitor it depends on). */
export function workspaceDependencies(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('monitor_dependencies')
    .innerJoin('monitors', 'monitors.id', 'monitor_dependencies.monitor_id')
    .select(['monitor_dependencies.monitor_id', 'monitor_dependencies.depends_on_id'])
    .where('monitors.workspace_id', '=', workspaceId)
    .execute();
}

function cycle(message: string): ApiError {
  return new ApiError(422, 'dependency_cycle', message);
}

/** Refuses ids outside the workspace, the monitor itself, and any upstream that already waits on it. */
async function checkDependencies(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
  wanted: readonly string[],
): Promise<void> {
  if (wanted.includes(monitorId)) throw cycle('A monitor cannot depend on itself.');
  if (wanted.length === 0) return;
  const owned = await db
    .selectFrom('monitors')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', wanted)
    .execute();
  if (owned.length !== wanted.length) throw monitorNotFound();
  const edges = await workspaceDependencies(db, workspaceId);
  const upstreamOf = new Map<string, string[]>();
  for (const edge of edges) {
    upstreamOf.set(edge.monitor_id, [...(upstreamOf.get(edge.monitor_id) ?? []), edge.depends_on_id]);
  }
  for (const start of owned) {
    const seen = new Set<string>();
    const queue = [start.id];
    while (queue.length > 0) {
      const current = queue.pop() as string;
      if (current === monitorId) {
        throw cycle(`${start.name} already depends on this monitor, directly or through others.`);
      }
      if (seen.has(current)) continue;
      seen.add(current);
      queue.push(...(upstreamOf.get(current) ?? []));
    }
  }
}

export async function updateMonitorAlertSettings(
  db: Kysely<Database>,
  caller: Caller,
  now: number,
  monitorId: string,
  input: MonitorAlertSettingsInput,
): Promise<MonitorAlertSettings> {
  const workspaceId = caller.workspaceId;
  const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
  const wanted = input.dependsOn ? [...new Set(input.dependsOn)] : null;
  if (wanted) await checkDependencies(db, workspaceId, monitorId, wanted);
  await db.transaction().execute(async (tx) => {
    const columns = {
      ...(input.renotifyMinutes === undefined ? {} : { renotify_minutes: input.renotifyMinutes }),
      ...(input.alertOnDegraded === undefined ? {} : { alert_on_degraded: input.alertOnDegraded ? 1 : 0 }),
    };
    if (Object.keys(columns).length > 0) {
      await tx
        .updateTable('monitors')
        .set({ ...columns, updated_at: now })
        .where('id', '=', monitorId)
        .execute();
    }
    if (input.renotifyMinutes !== undefined) {
      // An outage going on now follows the new setting from now.
      await tx
        .updateTable('incidents')
        .set({ renotify_at: input.renotifyMinutes === null ? null : now + input.renotifyMinutes * 60_000 })
        .where('primary_monitor_id', '=', monitorId)
        .where('source', '=', 'automatic')
        .where('resolved_at', 'is', null)
        .where('acknowledged_at', 'is', null)
        .execute();
    }
    if (wanted) {
      await tx.deleteFrom('monitor_dependencies').where('monitor_id', '=', monitorId).execute();
      if (wanted.length > 0) {
        await tx
          .insertInto('monitor_dependencies')
          .values(wanted.map((id) => ({ monitor_id: monitorId, depends_on_id: id })))
          .execute();
      }
    }
    await recordAudit(tx, caller, now, {
      action: 'monitor.alert_settings',
      resource: { id: monitorId, name: monitor.name },
    });
  });
  return getMonitorAlertSettings(db, workspaceId, monitorId);
}
