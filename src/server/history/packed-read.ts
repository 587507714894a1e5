// Reads results packed per monitor-hour (pack-hours.ts) back as the stored results the API
// answers with: the same records as result-store.ts's, so a page reads alike on either side
// of the two days.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { HOUR_MS } from './pack-hours.ts';
import { type PackedRow, unpackRows } from './packed-codec.ts';
import { type ResultRecord, toRecord } from './result-store.ts';

/** Hours one read decodes at a time: a page of one-minute results spans two or three. */
const HOURS_PAGE = 24;

/** Exclusive bounds on checked_at. */
export interface TimeWindow {
  after?: number | undefined;
  before?: number | undefined;
}

function inWindow(at: number, { after, before }: TimeWindow): boolean {
  return (after === undefined || at > after) && (before === undefined || at < before);
}

/** One monitor's packed rows inside the window, newest first: `want` of them, or all there are. */
export async function packedRowsDesc(
  db: Kysely<Database>,
  monitorSeq: number,
  window: TimeWindow,
  want: number,
): Promise<PackedRow[]> {
  const found: PackedRow[] = [];
  let below = window.before;
  while (found.length < want) {
    let select = db
      .selectFrom('check_result_hours')
      .select(['hour_at', 'packed'])
      .where('monitor_seq', '=', monitorSeq);
    if (below !== undefined) select = select.where('hour_at', '<', below);
    // An hour holding a check after `after` starts less than an hour before it.
    if (window.after !== undefined) select = select.where('hour_at', '>', window.after - HOUR_MS);
    const hours = await select.orderBy('hour_at', 'desc').limit(HOURS_PAGE).execute();
    for (const hour of hours) {
      found.push(
        ...unpackRows(hour.packed)
          .filter((row) => inWindow(row.checked_at, window))
          .reverse(),
      );
    }
    const oldest = hours[hours.length - 1];
    if (hours.length < HOURS_PAGE || !oldest) break;
    below = Number(oldest.hour_at);
  }
  return found;
}

/** Packed rows as stored results of the monitor: regions and failures looked up by number. */
export async function packedRecords(
  db: Kysely<Database>,
  monitorId: string,
  rows: readonly PackedRow[],
): Promise<ResultRecord[]> {
  if (rows.length === 0) return [];
  const regionIds = [...new Set(rows.map((row) => row.region_id))];
  const failureIds = [...new Set(rows.flatMap((row) => (row.failure_id === null ? [] : [row.failure_id])))];
  const regions = new Map(
    (await db.selectFrom('check_regions').select(['id', 'name']).where('id', 'in', regionIds).execute()).map(
      (row) => [row.id, row.name],
    ),
  );
  const failures =
    failureIds.length === 0
      ? new Map<number, { code: string; message: string }>()
      : new Map(
          (
            await db
              .selectFrom('check_failures')
              .select(['id', 'code', 'message'])
              .where('id', 'in', failureIds)
              .execute()
          ).map((row) => [row.id, row]),
        );
  return rows.map(({ region_id, failure_id, ...row }) => {
    const failure = failure_id === null ? undefined : failures.get(failure_id);
    return toRecord({
      ...row,
      monitor_id: monitorId,
      region: regions.get(region_id) ?? '',
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
    });
  });
}

/** Stored results of several monitors inside a window, from their packed hours. */
export async function packedSamples(
  db: Kysely<Database>,
  monitors: readonly { id: string; seq: number }[],
  window: Required<TimeWindow>,
): Promise<{ monitorId: string; row: PackedRow }[]> {
  if (monitors.length === 0) return [];
  const idBySeq = new Map(monitors.map((monitor) => [monitor.seq, monitor.id]));
  const hours = await db
    .selectFrom('check_result_hours')
    .select(['monitor_seq', 'packed'])
    .where('monitor_seq', 'in', [...idBySeq.keys()])
    .where('hour_at', '>', window.after - HOUR_MS)
    .where('hour_at', '<', window.before)
    .execute();
  return hours.flatMap((hour) =>
    unpackRows(hour.packed)
      .filter((row) => inWindow(row.checked_at, window))
      .map((row) => ({ monitorId: idBySeq.get(Number(hour.monitor_seq)) as string, row })),
  );
}
