// Per-monitor figures over the last 30 or 90 days: downtime, incident count, MTTR and MTBF.
// They count the monitor's automatic incidents — measured outages; manual incidents carry
// times a person chose and could overlap them.
import type { Kysely } from 'kysely';
import type { IncidentStats } from '../../core/api/incidents.ts';
import type { Database } from '../db/schema.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';

const DAY = 86_400_000;

export interface Outage {
  startedAt: number;
  /** null while still open: it counts up to the window's end. */
  resolvedAt: number | null;
}

/**
 * Each outage clipped to [windowStart, windowEnd]. MTTR is downtime per incident and MTBF
 * (window − downtime) per incident, both null without incidents.
 */
export function incidentFigures(
  outages: readonly Outage[],
  windowStart: number,
  windowEnd: number,
): Pick<IncidentStats, 'downtimeMs' | 'incidentCount' | 'mttrMs' | 'mtbfMs'> {
  let downtimeMs = 0;
  let incidentCount = 0;
  for (const outage of outages) {
    if (outage.startedAt > windowEnd) continue;
    if (outage.resolvedAt !== null && outage.resolvedAt <= windowStart) continue;
    const start = Math.max(outage.startedAt, windowStart);
    const end = Math.min(outage.resolvedAt ?? windowEnd, windowEnd);
    downtimeMs += Math.max(0, end - start);
    incidentCount += 1;
  }
  if (incidentCount === 0) return { downtimeMs, incidentCount, mttrMs: null, mtbfMs: null };
  const windowMs = windowEnd - windowStart;
  return {
    downtimeMs,
    incidentCount,
    mttrMs: Math.round(downtimeMs / incidentCount),
    mtbfMs: Math.round(Math.max(0, windowMs - downtimeMs) / incidentCount),
  };
}

/**
 * The owner's monitor's figures; 404 for another user's monitor. The window starts no earlier
 * than the monitor's creation, so a week-old monitor's MTBF is not padded with time unwatched.
 */
export async function monitorIncidentStats(
  db: Kysely<Database>,
  userId: string,
  monitorId: string,
  days: number,
  now: number,
): Promise<IncidentStats> {
  const monitor = await getOwnedMonitorRow(db, userId, monitorId);
  const windowStart = Math.min(now, Math.max(now - days * DAY, monitor.created_at));
  const rows = await db
    .selectFrom('incidents')
    .select(['started_at', 'resolved_at'])
    .where('user_id', '=', userId)
    .where('primary_monitor_id', '=', monitor.id)
    .where('source', '=', 'automatic')
    .where('started_at', '<=', now)
    .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>', windowStart)]))
    .execute();
  const outages = rows.map((row) => ({ startedAt: row.started_at, resolvedAt: row.resolved_at }));
  return { days, windowStart, windowEnd: now, ...incidentFigures(outages, windowStart, now) };
}
