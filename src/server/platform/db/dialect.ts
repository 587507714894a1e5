// The few places where SQLite and PostgreSQL differ. Queries elsewhere are written once.
import { type ColumnDataType, type Kysely, type RawBuilder, sql } from 'kysely';
import { claimDue } from './claim.ts';
import type { Dialect } from './connect.ts';
import type { Database, MonitorTable } from './schema.ts';
import { updateFromValues } from './values-update.ts';

export interface DialectTypes {
  dialect: Dialect;
  /** better-auth's own date columns: ISO text on SQLite, timestamptz on PostgreSQL. */
  authDate: ColumnDataType;
  /** better-auth's own boolean columns: 0/1 on SQLite, boolean on PostgreSQL. */
  authBoolean: ColumnDataType;
  /**
   * Ends a CREATE TABLE whose rows are to be stored in primary-key order: SQLite's WITHOUT ROWID
   * (the key's B-tree holds the rows, no rowid tree beside it). PostgreSQL keeps rows in a heap
   * whatever the key, so there the key is simply the table's one index and nothing is added.
   */
  clusteredTable: RawBuilder<unknown>;
}

export function dialectTypes(dialect: Dialect): DialectTypes {
  return dialect === 'sqlite'
    ? { dialect, authDate: 'date', authBoolean: 'integer', clusteredTable: sql`without rowid` }
    : { dialect, authDate: 'timestamptz', authBoolean: 'boolean', clusteredTable: sql`` };
}

/** A value for one of better-auth's date columns, as its adapter writes them (see DialectTypes). */
export function authDate(dialect: Dialect, at: number | Date): Date | string {
  const date = new Date(at);
  return dialect === 'sqlite' ? date.toISOString() : date;
}

/** One of better-auth's date columns as read back (ISO text or a Date), in epoch ms. */
export function authDateMs(value: Date | string): number {
  return new Date(value).getTime();
}

/** Two-argument min/max: SQLite's scalar min()/max(), PostgreSQL's least()/greatest(). */
export function smallerOf(
  dialect: Dialect,
  a: RawBuilder<number>,
  b: RawBuilder<number>,
): RawBuilder<number> {
  return dialect === 'sqlite' ? sql<number>`min(${a}, ${b})` : sql<number>`least(${a}, ${b})`;
}

export function largerOf(dialect: Dialect, a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number> {
  return dialect === 'sqlite' ? sql<number>`max(${a}, ${b})` : sql<number>`greatest(${a}, ${b})`;
}

export interface ClaimOptions {
  now: number;
  /** Claims monitors due up to this time (a look-ahead). Default: now. */
  dueBy?: number;
  limit: number;
  workerId: string;
  /** Added to the monitor's own timeout: how long a claim outlives a worker that died. */
  leaseMarginMs: number;
  /** Also takes over leases that ran out (default). A look-ahead claim leaves them to the claim of what is due now. */
  expired?: boolean;
  /**
   * Monitors due at or before this are overdue: claimed only after those due since (claimWindows).
   * Default: no such split, earliest due first.
   */
  onTimeFrom?: number;
  /** Only monitors due after this (one window of claimWindows). */
  after?: number;
}

/**
 * The windows a claim takes free monitors from, in order: those on time first, then the overdue
 * (issue 40). Earliest due first across the board, a backlog (checks of targets that never answer,
 * piling up past their due time) was claimed before any check on time and made every other
 * tenant's checks late with it.
 */
export function claimWindows({
  now,
  dueBy = now,
  onTimeFrom,
}: ClaimOptions): { after?: number; dueBy: number }[] {
  if (onTimeFrom === undefined || onTimeFrom >= dueBy) return [{ dueBy }];
  return [{ after: onTimeFrom, dueBy }, { dueBy: onTimeFrom }];
}

/** Free monitors due by then (the unclaimed-due index), or those whose lease ran out (the lease index). */
export type ClaimSource = 'free' | 'expired';

/** The monitors a claim takes, earliest due first for free ones: also read alone, as the claim's probe. */
export function dueMonitorsQuery(
  db: Kysely<Database>,
  source: ClaimSource,
  { now, dueBy = now, limit, after }: Pick<ClaimOptions, 'now' | 'dueBy' | 'limit' | 'after'>,
) {
  const within = db
    .selectFrom('monitors')
    .select('id')
    .where('paused', '=', 0)
    .where('next_run_at', '<=', dueBy);
  const due = after === undefined ? within : within.where('next_run_at', '>', after);
  return (
    source === 'free'
      ? // Multi-region monitors are claimed per region (regions/claim-runs.ts), never here.
        due.where('regional', '=', 0).where('claimed_until', 'is', null).orderBy('next_run_at')
      : due.where('claimed_until', '<=', now)
  ).limit(limit);
}

/** One claim statement (db/claim.ts) of the monitors one source holds. */
export function claimDueMonitorsQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  source: ClaimSource,
  options: ClaimOptions,
) {
  const { now, workerId, leaseMarginMs } = options;
  return claimDue(db, dialect, {
    table: 'monitors',
    key: 'id',
    due: dueMonitorsQuery(db, source, options),
    set: {
      // The lease runs from when the check starts: its due time, or now for one already late.
      claimed_until: sql<number>`${largerOf(dialect, sql`next_run_at`, sql`cast(${now} as bigint)`)} + timeout_ms + ${leaseMarginMs}`,
      claimed_by: workerId,
    },
  });
}

/**
 * Claims from one source, after a read finds anything to claim: an UPDATE that finds nothing still
 * opens a write transaction (0.3–0.6 ms on SQLite, where the read costs 0.02 ms), and most polls
 * find no expired lease, and an idle installation nothing at all.
 */
async function claimFrom(
  db: Kysely<Database>,
  dialect: Dialect,
  source: ClaimSource,
  options: ClaimOptions,
): Promise<MonitorTable[]> {
  if (!(await dueMonitorsQuery(db, source, { ...options, limit: 1 }).executeTakeFirst())) return [];
  return claimDueMonitorsQuery(db, dialect, source, options).execute();
}

/**
 * Claims up to `limit` due monitors for one worker: first any whose lease ran out (a worker that
 * died; usually none, found at once by the lease index), then free ones, on time before overdue
 * (claimWindows), earliest due first within each. On
 * PostgreSQL, SKIP LOCKED lets any number of workers claim at once without waiting on or
 * double-claiming each other's rows; SQLite has a single writer, so each statement is exclusive.
 */
export async function claimDueMonitors(
  db: Kysely<Database>,
  dialect: Dialect,
  options: ClaimOptions,
): Promise<MonitorTable[]> {
  const claimed = options.expired === false ? [] : await claimFrom(db, dialect, 'expired', options);
  for (const window of claimWindows(options)) {
    if (claimed.length >= options.limit) break;
    const limit = options.limit - claimed.length;
    claimed.push(...(await claimFrom(db, dialect, 'free', { ...options, ...window, limit })));
  }
  return claimed;
}

/** Gives claims back (a worker stopping with checks it could not finish). */
export async function releaseClaims(
  db: Kysely<Database>,
  workerId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('monitors')
    .set({ claimed_until: null, claimed_by: null })
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** What every check batch writes to a monitor's row, whoever ran it (a worker alone, or regions). */
export interface MonitorState {
  id: string;
  status: string;
  streak: number;
  lastStatusChangeAt: number | null;
  lastCheckedAt: number;
  lastLatencyMs: number | null;
  nextRunAt: number;
}

/** A monitor's state as the columns of a batch update's row (values-update.ts). */
export function monitorStateValues(state: MonitorState) {
  return {
    id: state.id,
    status: state.status,
    streak: state.streak,
    last_status_change_at: state.lastStatusChangeAt,
    last_checked_at: state.lastCheckedAt,
    last_latency_ms: state.lastLatencyMs,
    next_run_at: state.nextRunAt,
  };
}

export interface MonitorStateUpdate extends MonitorState {
  status: MonitorTable['status'];
  confirmingSince: number | null;
  /** The claimed row's check_reason: this run was the one brought forward for it. */
  checkReason: string | null;
}

/**
 * Writes a batch of monitors' new state and releases their claims in a few statements
 * (power-of-two chunks of at most 512 rows, not one per monitor). Only rows this worker still holds and
 * that were not paused meanwhile change. The casts type PostgreSQL's untyped VALUES.
 */
export async function updateClaimedMonitors(
  db: Kysely<Database>,
  workerId: string,
  updates: readonly MonitorStateUpdate[],
): Promise<void> {
  await updateFromValues(
    db,
    {
      table: 'monitors',
      keys: ['id'],
      casts: BATCH_CASTS,
      assign: {
        // A check brought forward (check_reason) while a scheduled one was in flight stays due.
        next_run_at: sql`case when monitors.check_reason is not null and v.check_reason is null
          then monitors.next_run_at else cast(v.next_run_at as bigint) end`,
        check_reason: sql`case when v.check_reason is null then monitors.check_reason else null end`,
        claimed_until: sql`null`,
        claimed_by: sql`null`,
      },
      where: sql`monitors.claimed_by = ${workerId} and monitors.paused = 0`,
      maxChunk: 512,
    },
    updates.map((u) => ({
      ...monitorStateValues(u),
      confirming_since: u.confirmingSince,
      check_reason: u.checkReason,
    })),
  );
}

/** The casts of the monitor state columns a batch writes (see values-update.ts). */
export const BATCH_CASTS = {
  streak: 'integer',
  last_status_change_at: 'bigint',
  confirming_since: 'bigint',
  last_checked_at: 'bigint',
  last_latency_ms: 'integer',
  latency_ms: 'integer',
  next_run_at: 'bigint',
} as const;
