// Which regions check a monitor (issue 21): the set chosen for it, or, by default, every live
// region once there is more than one. A monitor checked from regions keeps a row per region in
// monitor_regions and is flagged `regional`, so the unregioned claim leaves it alone; with one
// region (SQLite's `local`, or any single-region installation) no rows exist and nothing changes.
import { type Kysely, sql } from 'kysely';
import { REGION_OFFLINE_AFTER_MS } from '../../core/api/regions.ts';
import { NEVER } from '../../core/heartbeat-schedule.ts';
import { CHECKABLE_KINDS } from '../monitors/kinds/registry.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';

/** Kinds a worker checks on a schedule; pushed kinds (heartbeats) have no vantage point. */
const REGIONAL_KINDS = CHECKABLE_KINDS;

/** Regions one of whose workers was seen within REGION_OFFLINE_AFTER_MS, by name. */
export async function onlineRegions(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('workers')
    .select('region')
    .where('last_seen_at', '>=', now - REGION_OFFLINE_AFTER_MS)
    .groupBy('region')
    .orderBy('region')
    .execute();
  return rows.map((row) => row.region);
}

export function chosenRegions(row: Pick<MonitorTable, 'regions'>): string[] | null {
  return row.regions ? (JSON.parse(row.regions) as string[]) : null;
}

/** The regions that check a monitor: its own choice, else every live region when there are several. */
export function regionsFor(chosen: readonly string[] | null, online: readonly string[]): string[] {
  if (chosen) return [...chosen];
  return online.length > 1 ? [...online] : [];
}

/**
 * Brings one monitor's region rows in line with its setting, pause and schedule, inside the
 * caller's transaction: rows for regions no longer chosen go, new ones start at the monitor's
 * next run, a paused monitor's rows are never due, and a run brought forward (check now, a
 * shorter interval, a resume) is brought forward in every region.
 */
export async function syncMonitorRegions(
  tx: Kysely<Database>,
  monitorId: string,
  now: number,
): Promise<void> {
  const monitor = await tx
    .selectFrom('monitors')
    .select(['id', 'kind', 'regions', 'regional', 'paused', 'next_run_at'])
    .where('id', '=', monitorId)
    .executeTakeFirst();
  if (!monitor) return;
  const wanted = REGIONAL_KINDS.includes(monitor.kind)
    ? regionsFor(chosenRegions(monitor), await onlineRegions(tx, now))
    : [];
  const existing = await tx
    .selectFrom('monitor_regions')
    .select('region')
    .where('monitor_id', '=', monitorId)
    .execute();
  const have = new Set(existing.map((row) => row.region));
  const gone = [...have].filter((region) => !wanted.includes(region));
  if (gone.length > 0)
    await tx
      .deleteFrom('monitor_regions')
      .where('monitor_id', '=', monitorId)
      .where('region', 'in', gone)
      .execute();
  const added = wanted.filter((region) => !have.has(region));
  if (added.length > 0)
    await tx
      .insertInto('monitor_regions')
      .values(
        added.map((region) => ({
          monitor_id: monitorId,
          region,
          next_run_at: monitor.next_run_at,
          status: 'pending',
        })),
      )
      .execute();
  const regional = wanted.length > 0 ? 1 : 0;
  if (regional !== (monitor.regional ?? 0)) {
    await tx
      .updateTable('monitors')
      .set({ regional, failing_regions: null, claimed_until: null, claimed_by: null })
      .where('id', '=', monitorId)
      .execute();
  }
  if (regional === 0) return;
  await tx
    .updateTable('monitor_regions')
    .set({
      next_run_at:
        monitor.paused === 1
          ? NEVER
          : sql<number>`case when next_run_at >= ${NEVER} or next_run_at > ${monitor.next_run_at} then cast(${monitor.next_run_at} as bigint) else next_run_at end`,
      ...(monitor.paused === 1 ? { status: 'pending' as const, confirming_since: null } : {}),
    })
    .where('monitor_id', '=', monitorId)
    .execute();
}

/**
 * When a region comes online beside others, every monitor left to the default (all live regions)
 * gains a row for it, in one statement per region. Run when a worker sees the set of live regions
 * change, not per poll: it reads every monitor.
 */
export async function extendDefaultMonitors(db: Kysely<Database>, online: readonly string[]): Promise<void> {
  if (online.length < 2) return;
  await db.transaction().execute(async (tx) => {
    for (const region of online) {
      await sql`
        insert into monitor_regions (monitor_id, region, next_run_at, status)
        select m.id, ${region}, case when m.paused = 1 then cast(${NEVER} as bigint) else m.next_run_at end, 'pending'
        from monitors m
        where m.regions is null and m.kind in (${sql.join(REGIONAL_KINDS)})
          and not exists (select 1 from monitor_regions r where r.monitor_id = m.id and r.region = ${region})
      `.execute(tx);
    }
    await tx
      .updateTable('monitors')
      .set({ regional: 1, claimed_until: null, claimed_by: null })
      .where('regions', 'is', null)
      .where('kind', 'in', REGIONAL_KINDS)
      .where('regional', '=', 0)
      .execute();
  });
}

/** Makes the region runs of monitors brought forward (a deployment, an upstream's recovery) due now. */
export async function bringRegionRunsForward(
  tx: Kysely<Database>,
  monitorIds: readonly string[],
  now: number,
): Promise<void> {
  if (monitorIds.length === 0) return;
  await tx
    .updateTable('monitor_regions')
    .set({ next_run_at: sql<number>`cast(${now} as bigint)` })
    .where('monitor_id', 'in', monitorIds)
    .where('claimed_until', 'is', null)
    .where('next_run_at', '>', now)
    .where('next_run_at', '<', NEVER)
    .execute();
}
