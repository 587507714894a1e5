// Stale is not up (issue 40, item 3): a monitor whose last result is older than twice its interval
// plus its timeout shows `stale`, not the status that result left behind, until a new result comes.
// Computed when read, from the row and the clock, so it is right whichever process or clock reads
// it and needs nothing written when the scheduler is the part that stopped.
//
// Not stale: a paused monitor, one in a maintenance window (its status is held on purpose), and
// a kind due by its own schedule (a heartbeat: a missing ping already turns it down, judged against
// its period and grace). The clock starts again when the monitor is created, resumed, or changes
// status, so a monitor resumed after a long pause is pending, not stale, until its first check is late.
import { type ExpressionBuilder, sql } from 'kysely';
import type { MonitorStatus as ShownStatus } from '../../core/api/monitors.ts';
import type { Database, MonitorStatus, MonitorTable } from '../platform/db/schema.ts';
import { CHECKABLE_KINDS } from './kinds/registry.ts';

export type StalenessFacts = Pick<
  MonitorTable,
  | 'kind'
  | 'status'
  | 'interval_seconds'
  | 'timeout_ms'
  | 'created_at'
  | 'last_checked_at'
  | 'last_status_change_at'
> & { maintenance_until?: number | null };

/** The columns the rule reads besides status and maintenance_until, for joins that name their table. */
export const STALENESS_COLUMNS = [
  'monitors.kind',
  'monitors.interval_seconds',
  'monitors.timeout_ms',
  'monitors.created_at',
  'monitors.last_checked_at',
  'monitors.last_status_change_at',
] as const;

/** How long after its last result (or its start) a monitor's checks count as stopped. */
export function staleAfterMs(monitor: Pick<MonitorTable, 'interval_seconds' | 'timeout_ms'>): number {
  return 2 * monitor.interval_seconds * 1000 + monitor.timeout_ms;
}

function scheduled(kind: MonitorTable['kind']): boolean {
  return (CHECKABLE_KINDS as readonly string[]).includes(kind);
}

export function isStale(monitor: StalenessFacts, now: number): boolean {
  if (monitor.status === 'paused' || !scheduled(monitor.kind)) return false;
  if ((monitor.maintenance_until ?? 0) > now) return false;
  const since = Math.max(
    monitor.last_checked_at ?? 0,
    monitor.last_status_change_at ?? 0,
    monitor.created_at,
  );
  return now - since > staleAfterMs(monitor);
}

/** The status a reader is shown: the stored one, or `stale` once its checks stopped. */
export function shownStatus(monitor: StalenessFacts, now: number): ShownStatus {
  return isStale(monitor, now) ? 'stale' : (monitor.status satisfies MonitorStatus);
}

/**
 * The same rule in SQL, for filters and counts over many monitors. Each of the three start times
 * is compared on its own (SQLite's max() and PostgreSQL's greatest() treat nulls differently).
 */
export function staleWhere(now: number) {
  return (eb: ExpressionBuilder<Database, 'monitors'>) => {
    const window = sql<number>`(2 * ${sql.ref('interval_seconds')} * 1000 + ${sql.ref('timeout_ms')})`;
    const before = (column: 'last_checked_at' | 'last_status_change_at' | 'created_at') =>
      sql<boolean>`coalesce(${sql.ref(column)}, 0) + ${window} < cast(${now} as bigint)`;
    return eb.and([
      eb('status', '!=', 'paused'),
      eb('kind', 'in', CHECKABLE_KINDS),
      eb.or([eb('maintenance_until', 'is', null), eb('maintenance_until', '<=', now)]),
      eb.and([before('last_checked_at'), before('last_status_change_at'), before('created_at')]),
    ]);
  };
}
