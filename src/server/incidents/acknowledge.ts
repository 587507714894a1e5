// Acknowledging: someone has taken the incident on. One verb behind the app's button, the API
// and the signed link in an alert. It stops the escalation, goes on the timeline saying who, and
// is announced once to every channel that was already alerted about the incident.
import type { Transaction } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { channelsAlertedFor, enqueueAlert } from '../alerts/enqueue.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { AcknowledgedVia, IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { addIncidentEvent } from './timeline.ts';

type Tx = Transaction<Database>;

export interface Acknowledger {
  /** The person (the signed-in one, or an API key's maker); null for a link in an alert. */
  actorId: string | null;
  via: AcknowledgedVia;
  /** Who, as the timeline and the announcement say it: 'Ada Lovelace', 'someone using the link…'. */
  label: string;
}

async function announce(tx: Tx, incident: IncidentTable, now: number, label: string): Promise<void> {
  if (!incident.primary_monitor_id) return;
  const channels = await channelsAlertedFor(tx, incident.id);
  if (channels.length === 0) return;
  const monitor = await tx
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', incident.primary_monitor_id)
    .where('workspace_id', '=', incident.workspace_id)
    .executeTakeFirst();
  if (!monitor) return;
  const event: AlertEvent = {
    kind: 'incident.acknowledged',
    at: now,
    monitor: { id: monitor.id, name: monitor.name, url: kindOf(monitor).target(monitor) },
    incident: { id: incident.id, title: incident.title, startedAt: incident.started_at },
    failure: null,
    downtimeMs: null,
    acknowledgement: { by: label },
  };
  await enqueueAlert(tx, {
    workspaceId: incident.workspace_id,
    incidentId: incident.id,
    event,
    now,
    channels,
  });
}

/**
 * Acknowledges an open, unacknowledged incident; false (and nothing written) when it already was
 * acknowledged or is resolved, so a second click changes and sends nothing.
 */
export async function acknowledgeIncident(
  tx: Tx,
  incident: IncidentTable,
  now: number,
  by: Acknowledger,
): Promise<boolean> {
  const result = await tx
    .updateTable('incidents')
    .set({
      acknowledged_at: now,
      acknowledged_by: by.actorId,
      acknowledged_via: by.via,
      acknowledged_label: by.label,
      next_escalation_at: null,
      updated_at: now,
    })
    .where('id', '=', incident.id)
    .where('acknowledged_at', 'is', null)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await addIncidentEvent(tx, incident.id, now, 'acknowledged', `Acknowledged by ${by.label}.`, by.actorId);
  await announce(tx, incident, now, by.label);
  return true;
}
