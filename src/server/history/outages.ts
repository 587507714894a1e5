// A monitor's confirmed outages, read from its status changes: each runs from the change to
// down (its first failure) to the next change away from down. The same intervals the rollups'
// down time sums, so the outage list, the uptime figures and MTTR tell one story.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';

export interface Outage {
  start: number;
  /** null while the monitor is still down. */
  end: number | null;
  /** Up to now for one still under way. */
  durationMs: number;
}

/** Outages that were under way at or after `since`, oldest first. */
export async function outagesSince(
  db: Kysely<Database>,
  monitorId: string,
  since: number,
  now: number,
): Promise<Outage[]> {
  // The last change before `since` tells whether an outage was already under way then.
  const before = await db
    .selectFrom('monitor_status_changes')
    .select(['at', 'to_status'])
    .where('monitor_id', '=', monitorId)
    .where('at', '<', since)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const changes = await db
    .selectFrom('monitor_status_changes')
    .select(['at', 'to_status'])
    .where('monitor_id', '=', monitorId)
    .where('at', '>=', since)
    .where('at', '<=', now)
    .orderBy('at')
    .execute();
  const list: Outage[] = [];
  let downSince: number | null = before?.to_status === 'down' ? before.at : null;
  for (const change of changes) {
    if (change.to_status === 'down') downSince ??= change.at;
    else if (downSince !== null) {
      list.push({ start: downSince, end: change.at, durationMs: change.at - downSince });
      downSince = null;
    }
  }
  if (downSince !== null) list.push({ start: downSince, end: null, durationMs: now - downSince });
  return list;
}
