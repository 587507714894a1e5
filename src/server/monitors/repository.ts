// Row <-> API shape for monitors, and the user-scoped reads every route goes through.
import type { Kysely } from 'kysely';
import type { Monitor } from '../../core/api/monitors.ts';
import { NEVER } from '../../core/heartbeat-schedule.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { kindOf } from './kinds/registry.ts';
import type { AnswerView } from './kinds/types.ts';
import { shownStatus } from './staleness.ts';

export function toMonitor(row: MonitorTable, view: AnswerView): Monitor {
  const kind = kindOf(row);
  return {
    id: row.id,
    name: row.name,
    target: kind.target(row),
    timeoutSeconds: Math.round(row.timeout_ms / 1000),
    degradedAboveMs: row.degraded_above_ms,
    intervalSeconds: row.interval_seconds,
    intervalRaisedFromSeconds: row.interval_raised_from_seconds ?? null,
    paused: row.paused === 1,
    public: row.is_public === 1,
    domainExpiry: row.domain_expiry === 1,
    status: shownStatus(row, view.now),
    streak: row.streak,
    lastCheckedAt: row.last_checked_at,
    lastStatusChangeAt: row.last_status_change_at,
    lastLatencyMs: row.last_latency_ms,
    nextRunAt: row.paused === 1 || row.next_run_at >= NEVER ? null : row.next_run_at,
    maintenance: maintenanceOf(row, view.now),
    failingFrom: failingFrom(row),
    managedKey: row.managed_key ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...kind.answer(row, view),
  } as Monitor;
}

/** The regions failing alone or below quorum, stored comma-separated on the monitor. */
export function failingFrom(row: Pick<MonitorTable, 'failing_regions'>): string[] {
  return row.failing_regions ? row.failing_regions.split(',') : [];
}

function maintenanceOf(row: MonitorTable, now: number): Monitor['maintenance'] {
  const until = row.maintenance_until ?? null;
  if (until === null || until <= now || !row.maintenance_window_id) return null;
  return { windowId: row.maintenance_window_id, until };
}

/** Monitors by id, for jobs that claimed rows keyed by monitor (region runs, certificate states). */
export async function monitorsById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, MonitorTable>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('monitors').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export function monitorNotFound(): ApiError {
  return new ApiError(404, 'monitor_not_found', 'No monitor with that id exists in your account.');
}

/** The user's monitor row, or 404 — also for another user's monitor, so ids reveal nothing. */
export async function getOwnedMonitorRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<MonitorTable> {
  const row = await db
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw monitorNotFound();
  return row;
}

export async function countMonitors(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const { count } = await db
    .selectFrom('monitors')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type MonitorState = Pick<
  MonitorTable,
  | 'paused'
  | 'status'
  | 'streak'
  | 'last_checked_at'
  | 'last_status_change_at'
  | 'last_latency_ms'
  | 'confirming_since'
  | 'next_run_at'
  | 'claimed_until'
  | 'claimed_by'
  | 'created_at'
  | 'updated_at'
>;

/** A new monitor's bookkeeping: never checked, unclaimed, first check due at once. */
export function initialMonitorState(now: number): MonitorState {
  return {
    paused: 0,
    status: 'pending',
    streak: 0,
    last_checked_at: null,
    last_status_change_at: null,
    last_latency_ms: null,
    confirming_since: null,
    next_run_at: now,
    claimed_until: null,
    claimed_by: null,
    created_at: now,
    updated_at: now,
  };
}
