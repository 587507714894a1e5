// Flapping ends after the monitor has been stable for the policy's window: an incident whose
// monitor stayed up resolves then (with the Recovered alert if none went out yet); one whose
// monitor stayed down is a plain outage again.
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { periodicJob, type WorkerJob } from '../platform/jobs/worker.ts';
import { DEFAULT_FLAP_POLICY, type FlapPolicy, resolveAutomatic } from './lifecycle.ts';
import { addIncidentEvent } from './timeline.ts';

const MINUTE = 60_000;

export async function settleFlapping(
  db: Kysely<Database>,
  now: number,
  policy: FlapPolicy = DEFAULT_FLAP_POLICY,
) {
  const stableSince = now - policy.windowMs;
  const due = await db
    .selectFrom('incidents')
    .innerJoin('monitors', 'monitors.id', 'incidents.primary_monitor_id')
    .select(['incidents.id as id', 'monitors.status as monitorStatus'])
    .where('incidents.source', '=', 'automatic')
    .where('incidents.resolved_at', 'is', null)
    .where('incidents.flapping_since', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('monitors.last_status_change_at', 'is', null),
        eb('monitors.last_status_change_at', '<=', stableSince),
      ]),
    )
    .execute();
  const minutes = Math.round(policy.windowMs / MINUTE);
  for (const { id, monitorStatus } of due) {
    await db.transaction().execute(async (tx) => {
      const incident = await tx
        .selectFrom('incidents')
        .selectAll()
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (!incident || incident.flapping_since === null) return;
      if (monitorStatus === 'down') {
        await tx
          .updateTable('incidents')
          .set({ flapping_since: null, updated_at: now })
          .where('id', '=', id)
          .execute();
        await addIncidentEvent(tx, id, now, 'flapping', `Stopped flapping: down for ${minutes} minutes.`);
        return;
      }
      await resolveAutomatic(tx, incident, now, `Resolved automatically: stable for ${minutes} minutes.`);
    });
  }
  return due.length;
}

/** Once a minute on the injected clock. */
export function flappingJob(
  db: Kysely<Database>,
  clock: Clock,
  policy: FlapPolicy = DEFAULT_FLAP_POLICY,
): WorkerJob {
  return periodicJob('incident-flapping', clock, MINUTE, () => settleFlapping(db, clock.now(), policy));
}
