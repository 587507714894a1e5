// A monitor's alert settings in the file: the monitors it depends on and its escalation policy by
// key, its reminders and its slow alerts. The file writes each only when it differs from its
// default, so a field left out goes back to that default. They are set in a second pass, once
// every monitor and policy of the file exists, through the services the API uses (cycle check,
// plan gate, audit).
import type { Kysely } from 'kysely';
import type { MonitorAlertSettingsInput } from '../../core/api/alert-settings.ts';
import type { ConfigMonitor, FieldChange } from '../../core/api/config-file.ts';
import { updateMonitorAlertSettings, workspaceDependencies } from '../alerts/monitor-alert-settings.ts';
import type { MonitorPolicyService } from '../escalation/monitor-policy.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { diffFields } from './fields.ts';

export const ALERT_SETTING_FIELDS = [
  'dependsOn',
  'renotifyMinutes',
  'alertOnDegraded',
  'escalationPolicy',
] as const;
type AlertField = (typeof ALERT_SETTING_FIELDS)[number];
export type AlertEntry = Pick<ConfigMonitor, AlertField>;

interface Settings {
  dependsOn: string[];
  renotifyMinutes: number | null;
  alertOnDegraded: boolean;
  escalationPolicy: string | null;
}

/** What an entry asks for, each field it leaves out at its default. */
function settingsOf(entry: AlertEntry): Settings {
  return {
    dependsOn: [...new Set(entry.dependsOn ?? [])].sort(),
    renotifyMinutes: entry.renotifyMinutes ?? null,
    alertOnDegraded: entry.alertOnDegraded ?? false,
    escalationPolicy: entry.escalationPolicy ?? null,
  };
}

/** The fields the file writes: only those away from their defaults. */
function entryOf(settings: Settings): AlertEntry {
  const entry: AlertEntry = {};
  if (settings.dependsOn.length > 0) entry.dependsOn = settings.dependsOn;
  if (settings.renotifyMinutes !== null) entry.renotifyMinutes = settings.renotifyMinutes;
  if (settings.alertOnDegraded) entry.alertOnDegraded = true;
  if (settings.escalationPolicy !== null) entry.escalationPolicy = settings.escalationPolicy;
  return entry;
}

/** The entry without its alert settings: what the monitor service takes. */
export function withoutAlertSettings<T extends AlertEntry>(entry: T): Omit<T, AlertField> {
  const { dependsOn, renotifyMinutes, alertOnDegraded, escalationPolicy, ...rest } = entry;
  return rest;
}

/** Each monitor's alert settings as the file writes them, by monitor id. */
export async function storedAlertEntries(
  db: Kysely<Database>,
  workspaceId: string,
  monitorKeys: ReadonlyMap<string, string>,
  policyKeys: ReadonlyMap<string, string>,
): Promise<Map<string, AlertEntry>> {
  const rows = await db
    .selectFrom('monitors')
    .select(['id', 'renotify_minutes', 'alert_on_degraded', 'escalation_policy_id'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const edges = await workspaceDependencies(db, workspaceId);
  return new Map(
    rows.map((row) => [
      row.id,
      entryOf({
        dependsOn: edges
          .filter((edge) => edge.monitor_id === row.id)
          .flatMap((edge) => monitorKeys.get(edge.depends_on_id) ?? [])
          .sort(),
        renotifyMinutes: row.renotify_minutes ?? null,
        alertOnDegraded: row.alert_on_degraded === 1,
        escalationPolicy: row.escalation_policy_id
          ? (policyKeys.get(row.escalation_policy_id) ?? null)
          : null,
      }),
    ]),
  );
}

/** The alert settings a monitor changes: on a new monitor, those away from their defaults. */
export function alertSettingsDiff(current: AlertEntry | null, wanted: AlertEntry): FieldChange[] {
  const after = settingsOf(wanted);
  if (!current) return diffFields(null, { ...entryOf(after) });
  return diffFields({ ...settingsOf(current) }, { ...after });
}

/** A monitor whose alert settings the file changes, set once every monitor and policy exists. */
export interface PendingAlertSettings {
  key: string;
  id: string;
  current: AlertEntry | null;
  wanted: AlertEntry;
}

export interface MonitorAlertDeps {
  db: Kysely<Database>;
  caller: Caller;
  now: number;
  monitorPolicies: MonitorPolicyService;
  monitorIds: ReadonlyMap<string, string>;
  policyIds: ReadonlyMap<string, string>;
}

interface Steps {
  id: string;
  key: string;
  /** Dependencies only removed (and the other settings, when none are added). */
  shrink?: MonitorAlertSettingsInput;
  /** Dependencies added, with the other settings. */
  grow?: MonitorAlertSettingsInput;
  /** The policy's id; null for the default; undefined when unchanged. */
  policyId?: string | null;
}

function stepsOf(
  { key, id, current, wanted }: PendingAlertSettings,
  { monitorIds, policyIds }: MonitorAlertDeps,
): Steps {
  const before = settingsOf(current ?? {});
  const after = settingsOf(wanted);
  const idsOf = (keys: string[]) =>
    keys.map((monitor) => {
      const found = monitorIds.get(monitor);
      if (!found) {
        throw new ApiError(
          422,
          'unknown_monitor',
          `monitors.${key}.dependsOn: no monitor has the key "${monitor}".`,
        );
      }
      return found;
    });
  const steps: Steps = { id, key };
  const wantedIds = idsOf(after.dependsOn);
  if (before.escalationPolicy !== after.escalationPolicy) {
    const policy = after.escalationPolicy;
    steps.policyId = policy === null ? null : (policyIds.get(policy) ?? null);
    if (policy !== null && steps.policyId === null) {
      throw new ApiError(
        422,
        'unknown_escalation_policy',
        `monitors.${key}.escalationPolicy: no escalation policy has the key "${policy}".`,
      );
    }
  }
  const others: MonitorAlertSettingsInput = {};
  if (before.renotifyMinutes !== after.renotifyMinutes) others.renotifyMinutes = after.renotifyMinutes;
  if (before.alertOnDegraded !== after.alertOnDegraded) others.alertOnDegraded = after.alertOnDegraded;
  const kept = before.dependsOn.filter((monitor) => after.dependsOn.includes(monitor));
  const removes = kept.length < before.dependsOn.length;
  const adds = kept.length < after.dependsOn.length;
  if (adds) {
    steps.grow = { ...others, dependsOn: wantedIds };
    if (removes) steps.shrink = { dependsOn: idsOf(kept) };
  } else if (removes || Object.keys(others).length > 0) {
    steps.shrink = { ...others, ...(removes ? { dependsOn: wantedIds } : {}) };
  }
  return steps;
}

/** A cycle names the monitor of the file it was found at. */
async function inFile<T>(key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'dependency_cycle') {
      throw new ApiError(err.status, err.code, `monitors.${key}.dependsOn: ${err.message}`);
    }
    throw err;
  }
}

/**
 * Sets the alert settings the file changes. Dependencies are removed before any are added, so each
 * step's graph is part of the file's: a cycle is refused when the file has one, never because of
 * the order its monitors come in.
 */
export async function applyMonitorAlerts(
  deps: MonitorAlertDeps,
  pending: readonly PendingAlertSettings[],
): Promise<void> {
  const { db, caller, now, monitorPolicies } = deps;
  const all = pending.map((item) => stepsOf(item, deps));
  for (const { id, key, shrink } of all) {
    if (shrink) await inFile(key, () => updateMonitorAlertSettings(db, caller, now, id, shrink));
  }
  for (const { id, key, grow } of all) {
    if (grow) await inFile(key, () => updateMonitorAlertSettings(db, caller, now, id, grow));
  }
  for (const { id, policyId } of all) {
    if (policyId !== undefined) await monitorPolicies.set(caller, id, policyId);
  }
}

/** Whether a field change is one of the alert settings (set by this pass, not the monitor service). */
export function isAlertSetting(field: string): boolean {
  return (ALERT_SETTING_FIELDS as readonly string[]).includes(field);
}
