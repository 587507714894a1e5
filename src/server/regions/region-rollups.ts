// Each region's own checks of a monitor summed per UTC day (issue 21): what the per-region
// figures over 30 days read, while the monitor's rollups hold the quorum's verdict. A batch is
// summed in memory, then merged with one upsert.
import { type Kysely, sql } from 'kysely';
import { powerOfTwoChunks } from '../db/chunks.ts';
import type { Database } from '../db/schema.ts';
import type { RegionRollupTable } from '../db/worker-schema.ts';
import type { NewResult } from '../history/result-store.ts';
import { DAY_MS } from '../history/rollups.ts';

export async function recordRegionRollups(
  tx: Kysely<Database>,
  results: readonly NewResult[],
  monitorIds: readonly string[],
): Promise<void> {
  const rows = new Map<string, RegionRollupTable>();
  results.forEach((result, index) => {
    if (result.maintenance) return;
    const monitorId = monitorIds[index] as string;
    const bucketStart = Math.floor(result.checked_at / DAY_MS) * DAY_MS;
    const key = `${monitorId} ${bucketStart} ${result.region}`;
    const row = rows.get(key) ?? {
      monitor_id: monitorId,
      bucket_start: bucketStart,
      region: result.region,
      checks: 0,
      up_checks: 0,
      latency_sum_ms: 0,
    };
    row.checks += 1;
    if (result.status !== 'down') {
      row.up_checks += 1;
      row.latency_sum_ms += result.total_ms;
    }
    rows.set(key, row);
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
    ])
    .where('monitor_id', '=', monitorId)
    .where('bucket_start', '>=', Math.floor(since / DAY_MS) * DAY_MS)
    .groupBy('region')
    .execute();
  return new Map(
    rows.map((row) => {
      const checks = Number(row.checks);
      const up = Number(row.up);
      return [
        row.region,
        {
          checks,
          uptimePercent: checks > 0 ? Math.round((up / checks) * 10_000) / 100 : null,
          avgMs: up > 0 ? Math.round(Number(row.latency) / up) : null,
        },
      ];
    }),
  );
}
