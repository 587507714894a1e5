// A monitor's regions in the file (issue 21): the regions chosen for it and its quorum. Left out,
// each goes back to its default (every live region; more than half), as export leaves them out
// then. Written through the same service as PUT /monitors/{id}/regions.
import type { Kysely } from 'kysely';
import type { ConfigMonitor, FieldChange } from '../../core/api/config-file.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { updateMonitorRegions } from '../regions/monitor-regions.ts';
import { diffFields } from './fields.ts';

const REGION_FIELDS = ['regions', 'quorum', 'alertOnRegionFailure'] as const;
export type RegionEntry = Pick<ConfigMonitor, (typeof REGION_FIELDS)[number]>;

/** What the file writes for a stored monitor: only settings away from their defaults. */
export function regionEntryOf(row: {
  regions?: string | null;
  quorum?: number | null;
  alert_on_region_failure?: number;
}): RegionEntry {
  const entry: RegionEntry = {};
  if (row.regions) entry.regions = JSON.parse(row.regions) as string[];
  if (row.quorum !== null && row.quorum !== undefined) entry.quorum = row.quorum;
  if (row.alert_on_region_failure === 1) entry.alertOnRegionFailure = true;
  return entry;
}

function settingsOf(entry: RegionEntry) {
  return {
    regions: entry.regions ? [...new Set(entry.regions)].sort() : null,
    quorum: entry.quorum ?? null,
    alertOnRegionFailure: entry.alertOnRegionFailure ?? false,
  };
}

/** The region settings a monitor changes: on a new monitor, those away from their defaults. */
export function regionsDiff(current: RegionEntry | null, wanted: RegionEntry): FieldChange[] {
  const after = settingsOf(wanted);
  if (!current)
    return diffFields(null, {
      regions: wanted.regions,
      quorum: wanted.quorum,
      alertOnRegionFailure: wanted.alertOnRegionFailure,
    });
  return diffFields({ ...settingsOf(current) }, { ...after });
}

export function isRegionField(field: string): boolean {
  return (REGION_FIELDS as readonly string[]).includes(field);
}

export function withoutRegions<T extends RegionEntry>(entry: T): Omit<T, (typeof REGION_FIELDS)[number]> {
  const { regions, quorum, alertOnRegionFailure, ...rest } = entry;
  return rest;
}

/** Sets them, a refusal naming the monitor's place in the file. */
export async function applyMonitorRegions(
  db: Kysely<Database>,
  caller: Caller,
  now: number,
  { key, id, wanted }: { key: string; id: string; wanted: RegionEntry },
): Promise<void> {
  try {
    await updateMonitorRegions(db, caller, now, id, settingsOf(wanted));
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) {
      throw new ApiError(err.status, err.code, `monitors.${key}.regions: ${err.message}`);
    }
    throw err;
  }
}
