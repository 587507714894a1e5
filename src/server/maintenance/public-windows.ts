// What a public status page says about maintenance: the occurrences in progress or starting within
// the next week that touch the page's monitors, the last one of each window that finished within
// the past week, and their public updates. Read in at most three queries (the owner's open or
// recently finished windows, the chosen monitors of those that do not cover all, the updates of
// those shown) whatever the number of monitors.
import type { Kysely } from 'kysely';
import type { MaintenanceState } from '../../core/api/maintenance.ts';
import { occurrencesBetween } from '../../core/maintenance-schedule.ts';
import { DAY_MS } from '../history/rollups.ts';
import type { Database } from '../platform/db/schema.ts';
import { advance, scheduleOf } from './transitions.ts';

/** How far ahead a page lists scheduled maintenance, and how far back completed maintenance. */
export const UPCOMING_SHOWN_MS = 7 * DAY_MS;
export const COMPLETED_SHOWN_MS = 7 * DAY_MS;
/** At most this many entries (a daily window would otherwise fill the page). */
const MAX_SHOWN = 10;
const MAX_COMPLETED = 5;

export interface PublicMaintenanceUpdate {
  message: string;
  createdAt: number;
}

export interface PublicMaintenance {
  windowId: string;
  name: string;
  startsAt: number;
  endsAt: number;
  state: MaintenanceState;
  inProgress: boolean;
  /** The page's monitors it covers, in the page's order. */
  monitorIds: string[];
  /** Newest first. */
  updates: PublicMaintenanceUpdate[];
}

export interface PageMaintenance {
  /** In progress or to come, soonest first. */
  open: PublicMaintenance[];
  /** Finished within the past week, latest first: one per window, its last occurrence. */
  completed: PublicMaintenance[];
}

/**
 * The occurrence an update is about: the one running when it was posted, else the next one to
 * start (an announcement), else the last one to have finished (a follow-up).
 */
function occurrenceOf(entries: readonly PublicMaintenance[], at: number): PublicMaintenance | undefined {
  return (
    entries.find((entry) => entry.startsAt <= at && at < entry.endsAt) ??
    entries.find((entry) => entry.startsAt > at) ??
    entries.findLast((entry) => entry.endsAt <= at)
  );
}

async function attachUpdates(
  db: Kysely<Database>,
  ownerId: string,
  entries: readonly PublicMaintenance[],
): Promise<void> {
  if (entries.length === 0) return;
  const byWindow = new Map<string, PublicMaintenance[]>();
  for (const entry of [...entries].sort((a, b) => a.startsAt - b.startsAt)) {
    byWindow.set(entry.windowId, [...(byWindow.get(entry.windowId) ?? []), entry]);
  }
  const updates = await db
    .selectFrom('maintenance_updates')
    .select(['window_id', 'message', 'created_at'])
    .where('workspace_id', '=', ownerId)
    .where('window_id', 'in', [...byWindow.keys()])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const update of updates) {
    const createdAt = Number(update.created_at);
    occurrenceOf(byWindow.get(update.window_id) ?? [], createdAt)?.updates.push({
      message: update.message,
      createdAt,
    });
  }
}

export async function publicMaintenance(
  db: Kysely<Database>,
  ownerId: string,
  monitorIds: readonly string[],
  now: number,
): Promise<PageMaintenance> {
  if (monitorIds.length === 0) return { open: [], completed: [] };
  const windows = await db
    .selectFrom('maintenance_windows')
    .selectAll()
    .where('workspace_id', '=', ownerId)
    .where((eb) =>
      eb.or([eb('next_transition_at', 'is not', null), eb('last_ended_at', '>=', now - COMPLETED_SHOWN_MS)]),
    )
    .execute();
  const chosen = windows.filter((window) => window.all_monitors !== 1).map((window) => window.id);
  const covered =
    chosen.length === 0
      ? []
      : await db
          .selectFrom('maintenance_window_monitors')
          .select(['window_id', 'monitor_id'])
          .where('window_id', 'in', chosen)
          .where('monitor_id', 'in', monitorIds)
          .execute();
  const open: PublicMaintenance[] = [];
  const completed: PublicMaintenance[] = [];
  for (const window of windows) {
    const ids =
      window.all_monitors === 1
        ? [...monitorIds]
        : monitorIds.filter((id) =>
            covered.some((row) => row.window_id === window.id && row.monitor_id === id),
          );
    if (ids.length === 0) continue;
    const timing = advance(window, now);
    const entry = (startsAt: number, endsAt: number, state: MaintenanceState): PublicMaintenance => ({
      windowId: window.id,
      name: window.name,
      startsAt,
      endsAt,
      state,
      inProgress: state === 'in_progress',
      monitorIds: ids,
      updates: [],
    });
    const { last_started_at: lastStart, last_ended_at: lastEnd } = timing;
    if (lastStart != null && lastEnd != null && lastEnd >= now - COMPLETED_SHOWN_MS) {
      completed.push(entry(lastStart, lastEnd, 'completed'));
    }
    if (timing.active_from !== null && timing.active_until !== null) {
      open.push(entry(timing.active_from, timing.active_until, 'in_progress'));
    }
    if (timing.next_occurrence_at === null) continue;
    for (const occurrence of occurrencesBetween(
      scheduleOf(window),
      now,
      now + UPCOMING_SHOWN_MS,
      MAX_SHOWN,
    )) {
      if (occurrence.startsAt >= timing.next_occurrence_at)
        open.push(entry(occurrence.startsAt, occurrence.endsAt, 'upcoming'));
    }
  }
  const shown = {
    open: open.sort((a, b) => a.startsAt - b.startsAt).slice(0, MAX_SHOWN),
    completed: completed.sort((a, b) => b.endsAt - a.endsAt).slice(0, MAX_COMPLETED),
  };
  await attachUpdates(db, ownerId, [...shown.open, ...shown.completed]);
  return shown;
}
