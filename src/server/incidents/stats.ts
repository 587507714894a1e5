// Per-monitor figures over the last 30 or 90 days: downtime, outages, MTTR and MTBF. Downtime is
// the uptime tab's own figure for the same window (rollups, by time, maintenance left out), and
// the outages are the monitor's confirmed status changes, so the Reliability card, the uptime
// tab, the status page and the API never disagree. A reopened incident's two outages are two.
import type { Kysely } from 'kysely';
import type { IncidentStats } from '../../core/api/incidents.ts';
import { type Outage, outagesSince } from '../history/outages.ts';
import { windowStart as firstBucket, uptimeSummaries } from '../history/uptime.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';

/**
 * MTTR is the mean length of the outages that ended (an outage under way has no recovery time
 * yet); MTBF the time up per outage. Both null without outages.
 */
export function outageFigures(
  outages: readonly Outage[],
  windowStart: number,
  windowEnd: number,
  downtimeMs: number,
): Pick<IncidentStats, 'downtimeMs' | 'incidentCount' | 'mttrMs' | 'mtbfMs'> {
  const inWindow = outages.filter(
    (outage) => outage.start <= windowEnd && (outage.end ?? windowEnd) > windowStart,
  );
  const recovered = inWindow.filter((outage) => outage.end !== null);
  const incidentCount = inWindow.length;
  return {
    downtimeMs,
    incidentCount,
    mttrMs:
      recovered.length === 0
        ? null
        : Math.round(recovered.reduce((sum, outage) => sum + outage.durationMs, 0) / recovered.length),
    mtbfMs:
      incidentCount === 0
        ? null
        : Math.round(Math.max(0, windowEnd - windowStart - downtimeMs) / incidentCount),
  };
}

/**
 * The owner's monitor's figures; 404 for another user's monitor. The window is the uptime tab's
 * (whole UTC days) and starts no earlier than the monitor's creation, so a week-old monitor's
 * MTBF is not padded with time unwatched.
 */
export async function monitorIncidentStats(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
  days: 30 | 90,
  now: number,
): Promise<IncidentStats> {
  const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
  const window = days === 90 ? '90d' : '30d';
  const windowStart = Math.min(now, Math.max(firstBucket(window, now), monitor.created_at));
  const [summaries, outages] = await Promise.all([
    uptimeSummaries(db, [monitor.id], now),
    outagesSince(db, monitor.id, windowStart, now),
  ]);
  const downtimeMs = summaries.get(monitor.id)?.[window].downtimeMs ?? 0;
  return { days, windowStart, windowEnd: now, ...outageFigures(outages, windowStart, now, downtimeMs) };
}
