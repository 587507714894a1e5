// Packs check results older than two days into one row per monitor and hour (packed-codec.ts):
// an hour of one-minute checks goes from 60 rows of about 37 bytes to one compressed value. Once
// an hour, when another hour has aged past two days, a pass walks the monitors in number order, a
// page at a time; each batch is one short transaction (read the page's old rows, write their
// hours, delete them), and the pass yields to the event loop between batches, so checks are never
// held up behind it. Raw rows that arrive for an hour already packed (a late or imported result)
// are merged into it by the next pass.
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { CheckResultTable, Database } from '../platform/db/schema.ts';
import { createLeaderLock } from '../platform/jobs/leader-lock.ts';
import { backgroundPass, type WorkerJob } from '../platform/jobs/worker.ts';
import type { Logger } from '../platform/logger.ts';
import { yieldToEventLoop } from '../retention/prune.ts';
import { type PackedRow, packRows, unpackRows } from './packed-codec.ts';

export const HOUR_MS = 3_600_000;
/** Results stay one row each this long: recent history is read and written the most. */
export const PACK_AFTER_MS = 2 * 86_400_000;
/** Monitors one batch looks at. */
const MONITOR_PAGE = 100;
/** Rows one batch packs at most (a database upgraded with a year of raw history has millions). */
export const BATCH_ROWS = 6_000;
const PACK_LOCK = 727_012;

export function hourOf(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

/** Results checked before this are packed: the start of the hour two days back. */
export function packCutoff(now: number): number {
  return hourOf(now - PACK_AFTER_MS);
}

export interface PackReport {
  /** Monitor-hours written (new or merged). */
  hours: number;
  /** Raw rows packed into them. */
  checks: number;
  batches: number;
}

interface Hour {
  seq: number;
  hourAt: number;
  rows: PackedRow[];
}

/** The rows a batch packs, grouped by monitor and hour, and the last monitor number it finished. */
function hoursOf(rows: CheckResultTable[], full: boolean, pageEnd: number) {
  let kept = rows;
  let doneThrough = pageEnd;
  const last = rows[rows.length - 1];
  if (full && last) {
    // The batch may have stopped inside the last monitor's rows: that monitor comes again next batch.
    doneThrough = last.monitor_seq - 1;
    const others = rows.filter((row) => row.monitor_seq !== last.monitor_seq);
    if (others.length > 0) kept = others;
    else {
      // One monitor with more old rows than a batch holds: its complete hours now, the rest next
      // batch; an hour of more rows than a batch holds is packed in parts, merged as it goes.
      const cutHour = hourOf(last.checked_at);
      const earlierHours = rows.filter((row) => hourOf(row.checked_at) < cutHour);
      if (earlierHours.length > 0) kept = earlierHours;
    }
  }
  const hours = new Map<string, Hour>();
  for (const { monitor_seq, ...row } of kept) {
    const hourAt = hourOf(row.checked_at);
    const key = `${monitor_seq}:${hourAt}`;
    const hour = hours.get(key) ?? { seq: monitor_seq, hourAt, rows: [] };
    hours.set(key, hour);
    hour.rows.push(row);
  }
  return { hours: [...hours.values()], packedRows: kept.length, doneThrough };
}

/** The next page of monitors, by number (the pass's walk; the plan tests explain it). */
export function monitorPageQuery(db: Kysely<Database>, afterSeq: number) {
  return db
    .selectFrom('monitors')
    .select('seq')
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(MONITOR_PAGE);
}

/** A page of monitors' results checked before the cutoff, oldest first per monitor: one key range each. */
export function oldResultsQuery(db: Kysely<Database>, seqs: readonly number[], cutoff: number) {
  return db
    .selectFrom('check_results')
    .selectAll()
    .where('monitor_seq', 'in', seqs)
    .where('checked_at', '<', cutoff)
    .orderBy('monitor_seq')
    .orderBy('checked_at')
    .limit(BATCH_ROWS);
}

/** `fresh` rows merged into those already packed for the hour; a time already stored keeps the first. */
function merged(existing: PackedRow[], fresh: PackedRow[]): PackedRow[] {
  const byTime = new Map(existing.map((row) => [row.checked_at, row]));
  for (const row of fresh) if (!byTime.has(row.checked_at)) byTime.set(row.checked_at, row);
  return [...byTime.values()].sort((a, b) => a.checked_at - b.checked_at);
}

async function packBatch(
  tx: Kysely<Database>,
  seqs: number[],
  cutoff: number,
): Promise<{ hours: number; checks: number; doneThrough: number }> {
  const pageEnd = seqs[seqs.length - 1] as number;
  const rows = await oldResultsQuery(tx, seqs, cutoff).execute();
  if (rows.length === 0) return { hours: 0, checks: 0, doneThrough: pageEnd };
  const normal = rows.map((row) => ({
    ...row,
    monitor_seq: Number(row.monitor_seq),
    checked_at: Number(row.checked_at),
  }));
  const { hours, packedRows, doneThrough } = hoursOf(normal, rows.length === BATCH_ROWS, pageEnd);
  // Usually none: only a result stored late finds its hour packed already.
  const stored = await tx
    .selectFrom('check_result_hours')
    .select(['monitor_seq', 'hour_at', 'packed'])
    .where((eb) =>
      eb(
        eb.refTuple('monitor_seq', 'hour_at'),
        'in',
        hours.map((hour) => eb.tuple(hour.seq, hour.hourAt)),
      ),
    )
    .execute();
  const storedRows = new Map(stored.map((row) => [`${row.monitor_seq}:${Number(row.hour_at)}`, row.packed]));
  const values = hours.map(({ seq, hourAt, rows: fresh }) => {
    const before = storedRows.get(`${seq}:${hourAt}`);
    const all = before ? merged(unpackRows(before), fresh) : fresh;
    return {
      monitor_seq: seq,
      hour_at: hourAt,
      last_at: (all[all.length - 1] as PackedRow).checked_at,
      checks: all.length,
      packed: packRows(all),
    };
  });
  await tx
    .insertInto('check_result_hours')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['monitor_seq', 'hour_at']).doUpdateSet((eb) => ({
        last_at: eb.ref('excluded.last_at'),
        checks: eb.ref('excluded.checks'),
        packed: eb.ref('excluded.packed'),
      })),
    )
    .execute();
  // Every row read went into an hour, except a monitor whose rows the batch cut: its rows go up
  // to the last one packed.
  const lastPacked = new Map<number, number>();
  for (const hour of hours) {
    const at = (hour.rows[hour.rows.length - 1] as PackedRow).checked_at;
    lastPacked.set(hour.seq, Math.max(lastPacked.get(hour.seq) ?? at, at));
  }
  for (const [seq, at] of lastPacked) {
    await tx
      .deleteFrom('check_results')
      .where('monitor_seq', '=', seq)
      .where('checked_at', '<=', at)
      .execute();
  }
  return { hours: values.length, checks: packedRows, doneThrough };
}

/** One pass: every monitor's results checked before the cutoff, packed. `signal` stops it between batches. */
export async function packOldResults(
  db: Kysely<Database>,
  now: number,
  signal?: AbortSignal,
): Promise<PackReport> {
  const cutoff = packCutoff(now);
  const report: PackReport = { hours: 0, checks: 0, batches: 0 };
  let afterSeq = -1;
  while (!signal?.aborted) {
    const page = await monitorPageQuery(db, afterSeq).execute();
    if (page.length === 0) break;
    const seqs = page.map((row) => Number(row.seq));
    const batch = await db.transaction().execute((tx) => packBatch(tx, seqs, cutoff));
    afterSeq = batch.doneThrough;
    if (batch.checks > 0) {
      report.hours += batch.hours;
      report.checks += batch.checks;
      report.batches += 1;
    }
    // Even a page with nothing to pack: at 100,000 monitors the walk is a thousand pages.
    await yieldToEventLoop();
  }
  return report;
}

export interface PackerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
}

/** One process's packing: resolves null when another process holds the lock. */
export function createPacker({ db, dialect, clock, logger }: PackerDeps) {
  const lock = createLeaderLock(db, dialect, PACK_LOCK);
  const log = logger.child({ module: 'pack-hours' });
  return async (signal?: AbortSignal): Promise<PackReport | null> => {
    const report = await lock.run(() => packOldResults(db, clock.now(), signal));
    if (report && report.checks > 0) log.info(report, 'old check results packed');
    return report ?? null;
  };
}

/**
 * The worker's packing job: a pass each time another hour ages past two days, the first at the
 * worker's first poll, beside the worker's rounds like retention's.
 */
export function packJob(
  run: (signal: AbortSignal) => Promise<unknown>,
  clock: Clock,
  logger: Logger,
): WorkerJob {
  let packedBefore = Number.NEGATIVE_INFINITY;
  const due = () => {
    const cutoff = packCutoff(clock.now());
    if (cutoff === packedBefore) return false;
    packedBefore = cutoff;
    return true;
  };
  return backgroundPass('pack-hours', logger, due, run);
}
