// The labels every series of a monitor carries on GET /metrics. Prometheus keys a series by its
// whole label set, so each label must read the same at every scrape: a value that changed between
// two scrapes would end one series and start another (and restart every `for:` alert on it).
import type { Kysely } from 'kysely';
import { CHECKABLE_KINDS } from '../monitors/kinds/registry.ts';
import type { Database } from '../platform/db/schema.ts';

export const MONITOR_LABELS = ['monitor_id', 'name', 'kind', 'region'] as const;
export type MonitorLabels = Record<(typeof MONITOR_LABELS)[number], string>;

export interface LabelledMonitor {
  id: string;
  name: string;
  kind: string;
  regional?: number;
}

/**
 * Where the monitor's verdict comes from. A kind that is pushed to (a heartbeat) has no vantage
 * point: its results are written by its pings (`ping`) and by the worker judging its deadline (the
 * worker's region), so it has none (""). A monitor checked from several regions is judged by
 * their quorum, whichever region checked last: its regions, sorted and joined by commas. Any other
 * monitor is checked from its one region, the region of its checks ("" until its first).
 */
function regionOf(
  monitor: LabelledMonitor,
  regions: readonly string[] | undefined,
  latestRegion: string | undefined,
): string {
  if (!(CHECKABLE_KINDS as readonly string[]).includes(monitor.kind)) return '';
  if (monitor.regional === 1 && regions && regions.length > 0) return [...regions].sort().join(',');
  return latestRegion ?? '';
}

/** Each monitor's labels, by id; `latestRegion` gives the region of its latest stored check. */
export async function monitorLabels(
  db: Kysely<Database>,
  workspaceId: string,
  monitors: readonly LabelledMonitor[],
  latestRegion: (monitorId: string) => string | undefined,
): Promise<Map<string, MonitorLabels>> {
  const rows = await db
    .selectFrom('monitor_regions as r')
    .innerJoin('monitors as m', 'm.id', 'r.monitor_id')
    .select(['r.monitor_id', 'r.region'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.regional', '=', 1)
    .execute();
  const regions = new Map<string, string[]>();
  for (const row of rows) regions.set(row.monitor_id, [...(regions.get(row.monitor_id) ?? []), row.region]);
  return new Map(
    monitors.map((m) => [
      m.id,
      {
        monitor_id: m.id,
        name: m.name,
        kind: m.kind,
        region: regionOf(m, regions.get(m.id), latestRegion(m.id)),
      },
    ]),
  );
}
