// A monitor's regions (issue 21): which regions check it, how many must fail for it to be down,
// and what each region sees now.
import type { Kysely } from 'kysely';
import type { MonitorRegions, MonitorRegionsInput } from '../../core/api/regions.ts';
import { recordAudit } from '../audit/record.ts';
import { DAY_MS } from '../history/rollups.ts';
import { failingFrom, getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { chosenRegions, onlineRegions, syncMonitorRegions } from './assignment.ts';
import { quorumOf } from './quorum.ts';
import { type RegionCheck, regionDay } from './region-day.ts';
import { regionFiguresSince } from './region-rollups.ts';

const NO_CHECKS = { checks: 0, uptimePercent: null, avgMs: null };

/** Each region's checks of one monitor in the last 24 hours, read from its raw results. */
async function lastDayByRegion(db: Kysely<Database>, monitorSeq: number, now: number) {
  const rows = await db
    .selectFrom('check_results as r')
    .innerJoin('check_regions as g', 'g.id', 'r.region_id')
    .select(['g.name as region', 'r.checked_at', 'r.status', 'r.total_ms'])
    .where('r.monitor_seq', '=', monitorSeq)
    .where('r.checked_at', '>=', now - DAY_MS)
    .orderBy('r.checked_at')
    .execute();
  const byRegion = new Map<string, RegionCheck[]>();
  for (const row of rows) {
    const list = byRegion.get(row.region) ?? [];
    list.push({
      ...row,
      checked_at: Number(row.checked_at),
      status: Number(row.status),
      total_ms: Number(row.total_ms),
    });
    byRegion.set(row.region, list);
  }
  return new Map([...byRegion].map(([region, checks]) => [region, regionDay(checks, now)]));
}

export async function getMonitorRegions(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
  now: number,
): Promise<MonitorRegions> {
  const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
  const rows = await db
    .selectFrom('monitor_regions')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .orderBy('region')
    .execute();
  const online = new Set(await onlineRegions(db, now));
  const figures = await lastDayByRegion(db, monitor.seq ?? 0, now);
  const month = await regionFiguresSince(db, monitorId, now - 29 * DAY_MS);
  const states = rows.map((row) => ({
    region: row.region,
    online: online.has(row.region),
    status: row.status,
    lastCheckedAt: row.last_checked_at,
    latencyMs: row.latency_ms,
    failure:
      row.failure_code === null && row.failure_message === null
        ? null
        : { code: row.failure_code, message: row.failure_message },
    last24h: figures.get(row.region) ?? NO_CHECKS,
    last30d: month.get(row.region) ?? NO_CHECKS,
  }));
  const live = states.filter((state) => state.online).length;
  return {
    regions: chosenRegions(monitor),
    quorum: monitor.quorum ?? null,
    effectiveQuorum: live > 0 ? quorumOf(live, monitor.quorum ?? null) : null,
    states,
    failingFrom: failingFrom(monitor),
    alertOnRegionFailure: monitor.alert_on_region_failure === 1,
  };
}

export async function updateMonitorRegions(
  db: Kysely<Database>,
  caller: Caller,
  now: number,
  monitorId: string,
  input: MonitorRegionsInput,
): Promise<MonitorRegions> {
  const monitor = await getOwnedMonitorRow(db, caller.workspaceId, monitorId);
  const chosen = input.regions ? [...new Set(input.regions)].sort() : null;
  if (chosen) {
    const known = new Set(
      (await db.selectFrom('workers').select('region').where('region', 'in', chosen).execute()).map(
        (row) => row.region,
      ),
    );
    const unknown = chosen.find((region) => !known.has(region));
    if (unknown)
      throw new ApiError(
        422,
        'unknown_region',
        `No worker has checked from region "${unknown}". Start one with: upwatch worker --region ${unknown}`,
      );
    if (input.quorum !== null && input.quorum > chosen.length)
      throw new ApiError(
        422,
        'validation_failed',
        `quorum: ${input.quorum} regions cannot fail when only ${chosen.length} check this monitor.`,
      );
  }
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('monitors')
      .set({
        regions: chosen ? JSON.stringify(chosen) : null,
        quorum: input.quorum,
        ...(input.alertOnRegionFailure === undefined
          ? {}
          : { alert_on_region_failure: input.alertOnRegionFailure ? 1 : 0 }),
        updated_at: now,
      })
      .where('id', '=', monitorId)
      .execute();
    await syncMonitorRegions(tx, monitorId, now);
    await recordAudit(tx, caller, now, {
      action: 'monitor.regions',
      resource: { id: monitorId, name: monitor.name },
    });
  });
  return getMonitorRegions(db, caller.workspaceId, monitorId, now);
}
