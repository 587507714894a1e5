// How a maintenance window moves through time, and what that writes on its monitors. A window
// holds the occurrence in progress (`active_from`/`active_until`, scheduled or started by hand)
// and the next scheduled start not reached yet; `next_transition_at` is the sooner of the two
// ends, where the maintenance job looks next. Covered monitors carry the window's id and end, the
// only thing the check path reads. The last occurrence to finish is kept for status pages.
import type { Kysely } from 'kysely';
import {
  type MaintenanceRecurrence,
  type MaintenanceSchedule,
  nextStartAfter,
} from '../../core/maintenance-schedule.ts';
import type { MaintenanceWindowTable } from '../platform/db/maintenance-schema.ts';
import type { Database } from '../platform/db/schema.ts';

const MINUTE_MS = 60_000;

export type WindowTiming = Pick<
  MaintenanceWindowTable,
  | 'active_from'
  | 'active_until'
  | 'next_occurrence_at'
  | 'next_transition_at'
  | 'last_started_at'
  | 'last_ended_at'
  | 'completed_at'
>;
type ScheduledRow = Pick<MaintenanceWindowTable, 'starts_at' | 'duration_minutes' | 'recurrence'> &
  WindowTiming;

export function scheduleOf(
  row: Pick<MaintenanceWindowTable, 'starts_at' | 'duration_minutes' | 'recurrence'>,
) {
  return {
    startsAt: Number(row.starts_at),
    durationMinutes: row.duration_minutes,
    recurrence: row.recurrence ? (JSON.parse(row.recurrence) as MaintenanceRecurrence) : null,
  } satisfies MaintenanceSchedule;
}

function withTransition(
  timing: Omit<WindowTiming, 'next_transition_at' | 'completed_at'>,
  now: number,
): WindowTiming {
  const ends = [timing.active_until, timing.next_occurrence_at].filter((at): at is number => at !== null);
  const next = ends.length ? Math.min(...ends) : null;
  // Nothing left to run: retention ages the window from its last end, or from now when its only
  // occurrence came and went while the job was away.
  const completed = next === null ? (timing.last_ended_at ?? now) : null;
  return { ...timing, next_transition_at: next, completed_at: completed };
}

/**
 * The window as it stands at `now`: each scheduled start that came begins an occurrence (or
 * lengthens one still running), an occurrence whose end came finishes. A job that ran late
 * catches up in one step and skips occurrences that are already over.
 */
export function advance(row: ScheduledRow, now: number): WindowTiming {
  const schedule = scheduleOf(row);
  const length = row.duration_minutes * MINUTE_MS;
  let from = row.active_from === null ? null : Number(row.active_from);
  let until = row.active_until === null ? null : Number(row.active_until);
  let next = row.next_occurrence_at === null ? null : Number(row.next_occurrence_at);
  let last = lastOf(row);
  // An occurrence that ran and finished. One that came and went while the job was away never
  // covered its monitors, so it is not one.
  const finished = (start: number, end: number) => {
    if (last.last_ended_at === null || end >= last.last_ended_at) {
      last = { last_started_at: start, last_ended_at: end };
    }
  };
  while (next !== null && next <= now) {
    if (next + length > now) {
      const running = from !== null && until !== null && until > next;
      if (!running && from !== null && until !== null) finished(from, until);
      from = running ? from : next;
      until = running ? Math.max(until ?? 0, next + length) : next + length;
    }
    next = nextStartAfter(schedule, Math.max(next, now - length));
  }
  if (until !== null && until <= now) {
    if (from !== null) finished(from, until);
    from = null;
    until = null;
  }
  return withTransition({ active_from: from, active_until: until, next_occurrence_at: next, ...last }, now);
}

function lastOf(row: Partial<Pick<WindowTiming, 'last_started_at' | 'last_ended_at'>>) {
  const started = row.last_started_at ?? null;
  const ended = row.last_ended_at ?? null;
  return {
    last_started_at: started === null ? null : Number(started),
    last_ended_at: ended === null ? null : Number(ended),
  };
}

/** A new or rescheduled window: the first occurrence not over yet (one in progress starts now). */
export function firstTiming(
  row: Pick<MaintenanceWindowTable, 'starts_at' | 'duration_minutes' | 'recurrence'> &
    Pick<WindowTiming, 'active_from' | 'active_until'>,
  now: number,
): WindowTiming {
  const length = row.duration_minutes * MINUTE_MS;
  const running = row.active_until !== null && Number(row.active_until) > now;
  // A running occurrence keeps running; the new schedule takes over after it.
  const next = nextStartAfter(scheduleOf(row), running ? now : now - length);
  return advance({ ...row, next_occurrence_at: next, next_transition_at: null }, now);
}

/** Start now: an occurrence from now for the window's duration, beside the schedule. */
export function startedNow(row: ScheduledRow, now: number): WindowTiming {
  const running = row.active_until !== null && Number(row.active_until) > now;
  return withTransition(
    {
      active_from: running ? row.active_from : now,
      active_until: now + row.duration_minutes * MINUTE_MS,
      next_occurrence_at: row.next_occurrence_at,
      ...lastOf(row),
    },
    now,
  );
}

/** End now: the occurrence in progress finishes (and is the last finished); scheduled ones still come. */
export function endedNow(row: ScheduledRow, now: number): WindowTiming {
  return withTransition(
    {
      active_from: null,
      active_until: null,
      next_occurrence_at: row.next_occurrence_at,
      last_started_at: row.active_from === null ? null : Number(row.active_from),
      last_ended_at: now,
    },
    now,
  );
}

type CoveringWindow = Pick<MaintenanceWindowTable, 'id' | 'workspace_id' | 'all_monitors'> & {
  active_until: number;
};

/** Marks the window's monitors as under maintenance until its end, unless another window ends later. */
async function cover(tx: Kysely<Database>, window: CoveringWindow): Promise<void> {
  let update = tx
    .updateTable('monitors')
    .set({ maintenance_window_id: window.id, maintenance_until: window.active_until })
    .where('workspace_id', '=', window.workspace_id)
    .where((eb) =>
      eb.or([eb('maintenance_until', 'is', null), eb('maintenance_until', '<', window.active_until)]),
    );
  if (window.all_monitors !== 1) {
    update = update.where('id', 'in', (eb) =>
      eb.selectFrom('maintenance_window_monitors').select('monitor_id').where('window_id', '=', window.id),
    );
  }
  await update.execute();
}

/**
 * Brings the monitors in step with the window as it now stands (inside the caller's transaction):
 * its monitors are released, covered again while it runs, and any other window of the workspace
 * that is running covers what it still should (the one ending last wins a monitor).
 */
export async function refreshCoverage(
  tx: Kysely<Database>,
  window: Pick<MaintenanceWindowTable, 'id' | 'workspace_id' | 'all_monitors' | 'active_until'>,
  now: number,
): Promise<void> {
  const released = await tx
    .updateTable('monitors')
    .set({ maintenance_window_id: null, maintenance_until: null })
    .where('workspace_id', '=', window.workspace_id)
    .where('maintenance_window_id', '=', window.id)
    .executeTakeFirst();
  const until = window.active_until === null ? null : Number(window.active_until);
  if (until !== null && until > now) await cover(tx, { ...window, active_until: until });
  if (Number(released.numUpdatedRows) === 0) return;
  const others = await tx
    .selectFrom('maintenance_windows')
    .select(['id', 'workspace_id', 'all_monitors', 'active_until'])
    .where('workspace_id', '=', window.workspace_id)
    .where('id', '!=', window.id)
    .where('active_until', '>', now)
    .execute();
  for (const other of others) await cover(tx, { ...other, active_until: Number(other.active_until) });
}

/** A monitor made while a window covering all monitors runs is in that window from the start. */
export async function joinRunningWindows(
  tx: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
  now: number,
): Promise<void> {
  const running = await tx
    .selectFrom('maintenance_windows')
    .select(['id', 'active_until'])
    .where('workspace_id', '=', workspaceId)
    .where('all_monitors', '=', 1)
    .where('active_until', '>', now)
    .orderBy('active_until', 'desc')
    .executeTakeFirst();
  if (!running || running.active_until === null) return;
  await tx
    .updateTable('monitors')
    .set({ maintenance_window_id: running.id, maintenance_until: Number(running.active_until) })
    .where('id', '=', monitorId)
    .where('workspace_id', '=', workspaceId)
    .execute();
}
