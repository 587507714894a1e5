// Reminders while a monitor stays down (its re-notify setting, issue 19): an open incident
// carries when its next reminder is due, so each poll reads only what is due through one
// index. A reminder is claimed by moving that time on, so two workers never send it twice;
// acknowledging or resolving the incident ends them.
import type { Kysely } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Clock } from '../platform/clock.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';

const MINUTE = 60_000;
const BATCH = 100;

/** The statement each poll runs (the query-plan test explains it). */
export function dueRemindersQuery(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('incidents')
    .select(['id', 'renotify_at'])
    .where('renotify_at', '<=', now)
    .orderBy('renotify_at')
    .limit(BATCH);
}

function reminder(monitor: MonitorTable, incident: IncidentTable, now: number): AlertEvent {
  return {
    kind: 'monitor.reminder',
    at: incident.started_at,
    monitor: { id: monitor.id, name: monitor.name, url: kindOf(monitor).target(monitor) },
    incident: { id: incident.id, title: incident.title, startedAt: incident.started_at },
    failure: null,
    downtimeMs: now - incident.started_at,
  };
}

/** Sends the reminders due now; returns how many incidents it looked at. */
export async function sendReminders(db: Kysely<Database>, now: number): Promise<number> {
  const due = await dueRemindersQuery(db, now).execute();
  for (const { id, renotify_at } of due) {
    await db.transaction().execute(async (tx) => {
      const incident = await tx.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();
      const monitor = incident?.primary_monitor_id
        ? await tx
            .selectFrom('monitors')
            .selectAll()
            .where('id', '=', incident.primary_monitor_id)
            .executeTakeFirst()
        : undefined;
      const over =
        !incident || !monitor || incident.resolved_at !== null || incident.acknowledged_at !== null;
      const minutes = monitor?.renotify_minutes ?? null;
      const next = over || minutes === null ? null : now + minutes * MINUTE;
      const claimed = await tx
        .updateTable('incidents')
        .set({ renotify_at: next })
        .where('id', '=', id)
        .where('renotify_at', '=', renotify_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0 || next === null || !incident || !monitor) return;
      // A flapping monitor's alerts are held until it settles; one back up has nothing to remind of.
      if (monitor.status !== 'down' || incident.flapping_since !== null) return;
      await enqueueAlert(tx, {
        workspaceId: incident.workspace_id,
        incidentId: incident.id,
        event: reminder(monitor, incident, now),
        now,
      });
    });
  }
  return due.length;
}

export function reminderJob(db: Kysely<Database>, clock: Clock): WorkerJob {
  return {
    name: 'incident-reminders',
    async run() {
      return (await sendReminders(db, clock.now())) === BATCH;
    },
  };
}
