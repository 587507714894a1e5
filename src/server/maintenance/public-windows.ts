// What a public status page says about maintenance: the occurrences in progress or starting within
// the next week that touch the page's monitors, read in two queries (the owner's open windows,
// then the chosen monitors of those that do not cover all) whatever the number of monitors.
import type { Kysely } from 'kysely';
import { occurrencesBetween } from '../../core/maintenance-schedule.ts';
import type { Database } from '../db/schema.ts';
import { DAY_MS } from '../history/rollups.ts';
import { advance, scheduleOf } from './transitions.ts';

/** How far ahead a page lists scheduled maintenance. */
export const UPCOMING_SHOWN_MS = 7 * DAY_MS;
/** At most this many entries (a daily window would otherwise fill the page). */
const MAX_SHOWN = 10;

export interface PublicMaintenance {
  name: string;
  startsAt: number;
  endsAt: number;
  inProgress: boolean;
  /** The page's monitors it covers, in the page's order. */
  monitorIds: string[];
}

export async function publicMaintenance(
  db: Kysely<Database>,
  ownerId: string,
  monitorIds: readonly string[],
  now: number,
): Promise<PublicMaintenance[]> {
  if (monitorIds.length === 0) return [];
  const windows = await db
    .selectFrom('maintenance_windows')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('next_transition_at', 'is not', null)
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
  const shown: PublicMaintenance[] = [];
  for (const window of windows) {
    const ids =
      window.all_monitors === 1
        ? [...monitorIds]
        : monitorIds.filter((id) =>
            covered.some((row) => row.window_id === window.id && row.monitor_id === id),
          );
    if (ids.length === 0) continue;
    const timing = advance(window, now);
    const entry = (startsAt: number, endsAt: number) => ({
      name: window.name,
      startsAt,
      endsAt,
      inProgress: startsAt <= now && now < endsAt,
      monitorIds: ids,
    });
    if (timing.active_from !== null && timing.active_until !== null) {
      shown.push(entry(timing.active_from, timing.active_until));
    }
    if (timing.next_occurrence_at === null) continue;
    for (const occurrence of occurrencesBetween(
      scheduleOf(window),
      now,
      now + UPCOMING_SHOWN_MS,
      MAX_SHOWN,
    )) {
      if (occurrence.startsAt >= timing.next_occurrence_at)
        shown.push(entry(occurrence.startsAt, occurrence.endsAt));
    }
  }
  return shown.sort((a, b) => a.startsAt - b.startsAt).slice(0, MAX_SHOWN);
}
