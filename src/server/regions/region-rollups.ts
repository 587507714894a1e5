// Each region's own checks of a monitor summed per UTC day (issue 21): what the per-region
// figures over 30 days read, while the monitor's rollups hold the quorum's verdict. A batch is
// summed in memory, then merged with one upsert.
import { type Kysely, sql } from 'kysely';
import type { NewResult } from '../history/result-store.ts';
import { DAY_MS } from '../history/rollups.ts';
import type { TimeSpan } from '../history/time-spans.ts';
import { uptimeOf } from '../history/uptime.ts';
import { powerOfTwoChunks } from '../platform/db/chunks.ts';
import type { Database } from '../platform/db/schema.ts';
import type { RegionRollupTable } from '../platform/db/worker-schema.ts';

/** `spans`: the time each result accounts for in its region (time-spans.ts), beside it. */
export async function recordRegionRollups(
  tx: Kysely<Database>,
  results: readonly NewResult[],
  monitorIds: readonly string[],
  spans: readonly (readonly TimeSpan[])[] = [],
): Promise<void> {
  const rows = new Map<string, RegionRollupTable>();
  const rowAt = (monitorId: string, region: string, at: number) => {
    const bucketStart = Math.floor(at / DAY_MS) * DAY_MS;
    const key = `${monitorId} ${bucketStart} ${region}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        monitor_id: monitorId,
        bucket_start: bucketStart,
        region,
        checks: 0,
        up_checks: 0,
        latency_sum_ms: 0,
        up_ms: 0,
        down_ms: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  results.forEach((result, index) => {
    const monitorId = monitorIds[index] as string;
    // A gap crossing midnight is split at it: each day holds its own time.
    for (const span of spans[index] ?? []) {
      if (span.column === 'maintenance_ms') continue;
      for (let from = span.from; from < span.to; ) {
        const to = Math.min(span.to, (Math.floor(from / DAY_MS) + 1) * DAY_MS);
        const day = rowAt(monitorId, result.region, from);
        day[span.column] = (day[span.column] ?? 0) + span.sign * (to - from);
        from = to;
      }
    }
    if (result.maintenance) return;
    const row = rowAt(monitorId, result.region, result.checked_at);
    row.checks += 1;
    if (result.status !== 'down') {
      row.up_checks += 1;
      row.latency_sum_ms += result.total_ms;
    }
  });
  for (const chunk of powerOfTwoChunks([...rows.values()], 512)) {
    await tx
      .insertInto('region_rollups_daily')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(['monitor_id', 'bucket_start', 'region']).doUpdateSet({
          checks: sql<number>`region_rollups_daily.checks + excluded.checks`,
          up_checks: sql<number>`region_rollups_daily.up_checks + excluded.up_checks`,
          latency_sum_ms: sql<number>`region_rollups_daily.latency_sum_ms + excluded.latency_sum_ms`,
          up_ms: sql<number>`region_rollups_daily.up_ms + excluded.up_ms`,
          down_ms: sql<number>`region_rollups_daily.down_ms + excluded.down_ms`,
        }),
      )
      .execute();
  }
}

export interface RegionFigures {
  checks: number;
  uptimePercent: number | null;
  avgMs: number | null;
}

/** A monitor's figures per region over the days since `since` (whole UTC days). */
export async function regionFiguresSince(
  db: Kysely<Database>,
  monitorId: string,
  since: number,
): Promise<Map<string, RegionFigures>> {
  const rows = await db
    .selectFrom('region_rollups_daily')
    .select((eb) => [
      'region',
      eb.fn.sum<number>('checks').as('checks'),
      eb.fn.sum<number>('up_checks').as('up'),
      eb.fn.sum<number>('latency_sum_ms').as('latency'),
      eb.fn.sum<number>('up_ms').as('up_ms'),
      eb.fn.sum<number>('down_ms').as('down_ms'),
    ])
    .where('monitor_id', '=', monitorId)
    .where('bucket_start', '>=', Math.floor(since / DAY_MS) * DAY_MS)
    .groupBy('region')
    .execute();
  return new Map(
    rows.map((row) => {
      const checks = Number(row.checks);
      const up = Number(row.up);
      const uptime = uptimeOf({ checks, upChecks: up, upMs: Number(row.up_ms), downMs: Number(row.down_ms) });
      return [
        row.region,
        {
          checks,
          uptimePercent: uptime === null ? null : Math.round(uptime * 100) / 100,
          avgMs: up > 0 ? Math.round(Number(row.latency) / up) : null,
        },
      ];
    }),
  );
}
