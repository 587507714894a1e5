// Monitors in the file: the monitor as the file would write it, compared field by field with the
// file's entry, and written through the monitor service (plan limits, intervals, SSRF guard).
import type { Kysely } from 'kysely';
import type { ConfigMonitor, FieldChange } from '../../core/api/config-file.ts';
import { KIND_FIELDS, type Monitor, type MonitorInput, type MonitorUpdate } from '../../core/api/monitors.ts';
import { setMonitorChannels } from '../alerts/monitor-channels.ts';
import type { MonitorService } from '../monitor-api/service.ts';
import { monitorKinds } from '../monitors/kinds/registry.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { withoutDefaults } from './export-defaults.ts';
import { diffFields, kindChanged } from './fields.ts';
import { assignKeys } from './keys.ts';
import {
  type AlertEntry,
  alertSettingsDiff,
  isAlertSetting,
  type PendingAlertSettings,
  storedAlertEntries,
  withoutAlertSettings,
} from './monitor-alerts.ts';
import {
  applyMonitorRegions,
  isRegionField,
  type RegionEntry,
  regionEntryOf,
  regionsDiff,
  withoutRegions,
} from './monitor-regions.ts';
import type { EntryPlan, Section } from './reconcile.ts';

const COMMON_FIELDS = [
  'name',
  'timeoutSeconds',
  'degradedAboveMs',
  'paused',
  'public',
  'domainExpiry',
] as const;

export interface StoredMonitor {
  id: string;
  key: string;
  managed: boolean;
  entry: ConfigMonitor;
}

/** A kind due by its own schedule (a heartbeat's period) has no interval to write. */
function hasInterval(kind: Monitor['kind']): boolean {
  return !monitorKinds[kind].nextRunAt;
}

/** The monitor as the file writes it; `alerts` only when it has channels of its own. */
function fileEntry(
  monitor: Monitor,
  alerts: string[],
  settings: AlertEntry,
  regions: RegionEntry,
): ConfigMonitor {
  const entry: Record<string, unknown> = { kind: monitor.kind };
  for (const field of COMMON_FIELDS) entry[field] = monitor[field];
  if (hasInterval(monitor.kind)) {
    if (monitor.intervalSeconds % 60 === 0) entry.intervalMinutes = monitor.intervalSeconds / 60;
    else entry.intervalSeconds = monitor.intervalSeconds;
  }
  const own = monitor as unknown as Record<string, unknown>;
  for (const field of KIND_FIELDS[monitor.kind]) entry[field] = own[field];
  if (alerts.length > 0) entry.alerts = alerts;
  Object.assign(entry, regions, settings);
  return entry as ConfigMonitor;
}

export async function storedMonitors(
  db: Kysely<Database>,
  monitors: MonitorService,
  workspaceId: string,
  channelKeys: ReadonlyMap<string, string>,
  policyKeys: ReadonlyMap<string, string>,
): Promise<StoredMonitor[]> {
  const rows = await db
    .selectFrom('monitors')
    .select(['id', 'name', 'managed_key', 'regions', 'quorum', 'alert_on_region_failure'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('monitor_alert_channels')
    .innerJoin('monitors', 'monitors.id', 'monitor_alert_channels.monitor_id')
    .select(['monitor_alert_channels.monitor_id', 'monitor_alert_channels.channel_id'])
    .where('monitors.workspace_id', '=', workspaceId)
    .execute();
  const keyed = assignKeys(rows, 'monitor');
  const monitorKeys = new Map(keyed.map((row) => [row.id, row.key]));
  const settings = await storedAlertEntries(db, workspaceId, monitorKeys, policyKeys);
  const stored: StoredMonitor[] = [];
  for (const row of keyed) {
    const alerts = links
      .filter((link) => link.monitor_id === row.id)
      .flatMap((link) => channelKeys.get(link.channel_id) ?? [])
      .sort();
    const monitor = await monitors.get(workspaceId, row.id);
    stored.push({
      id: row.id,
      key: row.key,
      managed: row.managed_key !== null,
      entry: fileEntry(monitor, alerts, settings.get(row.id) ?? {}, regionEntryOf(row)),
    });
  }
  return stored;
}

/** The interval as seconds, whichever unit the file gave it in. */
function seconds(entry: Pick<ConfigMonitor, 'intervalMinutes' | 'intervalSeconds'>): number | undefined {
  return (
    entry.intervalSeconds ?? (entry.intervalMinutes === undefined ? undefined : entry.intervalMinutes * 60)
  );
}

function monitorDiff(current: ConfigMonitor | null, wanted: ConfigMonitor): FieldChange[] {
  // The kind first: a create reads "kind, name, …" (an update never changes it).
  const { alerts, intervalMinutes, intervalSeconds, kind, ...rest } = wanted;
  const fields = diffFields(current as Record<string, unknown> | null, {
    kind,
    ...withoutRegions(withoutAlertSettings(rest)),
  });
  const before = current ? seconds(current) : undefined;
  const after = seconds(wanted);
  if (after !== undefined && before !== after) {
    const field = intervalSeconds === undefined ? 'intervalMinutes' : 'intervalSeconds';
    const scale = field === 'intervalMinutes' ? 60 : 1;
    const change: FieldChange = { field, after: after / scale };
    if (current) change.before = before === undefined ? null : before / scale;
    fields.push(change);
  }
  if (alerts !== undefined && (!current || [...alerts].sort().join() !== (current.alerts ?? []).join())) {
    fields.push(
      current
        ? { field: 'alerts', before: current.alerts ?? [], after: alerts }
        : { field: 'alerts', after: alerts },
    );
  }
  fields.push(...regionsDiff(current, wanted));
  fields.push(...alertSettingsDiff(current, wanted));
  return fields;
}

/** The update the service takes: the changed fields by their own names (alerts go elsewhere). */
function updateOf(wanted: ConfigMonitor, fields: FieldChange[]): MonitorUpdate {
  const source = wanted as Record<string, unknown>;
  const update: Record<string, unknown> = {};
  for (const { field } of fields) {
    if (field !== 'alerts' && field !== 'kind' && !isAlertSetting(field) && !isRegionField(field))
      update[field] = source[field];
  }
  return update as MonitorUpdate;
}

export interface MonitorSectionDeps {
  db: Kysely<Database>;
  caller: Caller;
  now: number;
  monitors: MonitorService;
  stored: StoredMonitor[];
  channelIds: ReadonlyMap<string, string>;
}

function channelIdsOf(key: string, alerts: string[], channelIds: ReadonlyMap<string, string>): string[] {
  return alerts.map((channel) => {
    const id = channelIds.get(channel);
    if (!id) {
      throw new ApiError(
        422,
        'unknown_channel',
        `monitors.${key}.alerts: no alert channel has the key "${channel}".`,
      );
    }
    return id;
  });
}

/** The file's monitors; their alert settings wait in `alertSettings` for applyMonitorAlerts. */
export function monitorSection({
  db,
  caller,
  now,
  monitors,
  stored,
  channelIds,
}: MonitorSectionDeps): Section<ConfigMonitor, StoredMonitor, EntryPlan> & {
  alertSettings: PendingAlertSettings[];
} {
  const alertSettings: PendingAlertSettings[] = [];
  /** What the monitor service does not write: its channels, regions and alert settings. */
  async function link(
    key: string,
    id: string,
    current: StoredMonitor | undefined,
    entry: ConfigMonitor,
    fields: FieldChange[],
  ) {
    const { alerts } = entry;
    if (alerts !== undefined && fields.some((change) => change.field === 'alerts')) {
      await setMonitorChannels(db, caller, now, id, channelIdsOf(key, alerts, channelIds));
    }
    if (fields.some((change) => isRegionField(change.field))) {
      await applyMonitorRegions(db, caller, now, { key, id, wanted: entry });
    }
    // Set once every monitor and policy of the file exists: they may name ones made after this.
    if (fields.some((change) => isAlertSetting(change.field))) {
      alertSettings.push({ key, id, current: current?.entry ?? null, wanted: entry });
    }
  }
  return {
    table: 'monitors',
    resource: 'monitor',
    stored,
    alertSettings,
    plan(key, entry, current) {
      if (current && current.entry.kind !== entry.kind)
        throw kindChanged('monitors', key, current.entry.kind, entry.kind);
      return { fields: monitorDiff(current?.entry ?? null, entry) };
    },
    async create(key, entry, { fields }) {
      const { alerts: _alerts, ...input } = withoutRegions(withoutAlertSettings(entry));
      const { id } = await monitors.create(caller, input as MonitorInput);
      await link(key, id, undefined, entry, fields);
      return id;
    },
    async update(current, entry, { fields }) {
      const update = updateOf(entry, fields);
      if (Object.keys(update).length > 0) await monitors.update(caller, current.id, update);
      await link(current.key, current.id, current, entry, fields);
    },
    delete: (id) => monitors.delete(caller, id),
  };
}

export function exportMonitors(stored: StoredMonitor[]): Record<string, ConfigMonitor> {
  return Object.fromEntries(
    [...stored].sort((a, b) => a.key.localeCompare(b.key)).map((m) => [m.key, withoutDefaults(m.entry)]),
  );
}
