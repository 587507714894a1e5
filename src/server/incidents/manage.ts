// The incident management verbs (the incident_management feature). Each: owner scope -> plan
// gate -> validate -> one transaction with its timeline entry, actor included.
import type { Kysely, Transaction, Updateable } from 'kysely';
import { uuidv7 } from 'uuidv7';
import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  type Incident,
  type IncidentInput,
  type IncidentPatch,
  type IncidentStatus,
  type IncidentUpdateInput,
  type RelatedMonitorsInput,
  type ResolutionInput,
} from '../../core/api/incidents.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { announceIncident } from '../status-pages/subscribers/notices.ts';
import { acknowledgeIncident } from './acknowledge.ts';
import type { IncidentGate } from './gate.ts';
import { getOwnedIncidentRow, ownedMonitors } from './repository.ts';
import { addIncidentEvent } from './timeline.ts';

type Tx = Transaction<Database>;

export interface ManagementDeps {
  db: Kysely<Database>;
  clock: Clock;
  requireManagement: IncidentGate;
  /** The incident as the routes answer with it after a change. */
  get(workspaceId: string, id: string): Promise<Incident>;
}

async function setColumns(tx: Tx, id: string, columns: Updateable<IncidentTable>): Promise<void> {
  await tx.updateTable('incidents').set(columns).where('id', '=', id).execute();
}

/** What a status change means to a status page's subscribers, if anything. */
type Turn = 'incident.resolved' | 'incident.opened' | null;

/**
 * Moves the incident to `to`. Resolving an automatic incident by hand counts as its recovery
 * notice, so a later recovery of the monitor sends no second Recovered alert; reopening one is
 * refused while its monitor already has another open automatic incident.
 */
async function changeStatus(
  tx: Tx,
  row: IncidentTable,
  to: IncidentStatus,
  now: number,
  actorId: string,
): Promise<Turn> {
  if (to === row.status) return null;
  const columns: Updateable<IncidentTable> = { status: to, updated_at: now };
  if (to === 'resolved') {
    columns.resolved_at = now;
    // A resolved incident escalates no further.
    columns.next_escalation_at = null;
    if (row.source === 'automatic') columns.recovery_alerted = 1;
  } else if (row.resolved_at !== null) {
    columns.resolved_at = null;
    if (row.source === 'automatic' && row.primary_monitor_id) {
      const other = await tx
        .selectFrom('incidents')
        .select('id')
        .where('primary_monitor_id', '=', row.primary_monitor_id)
        .where('source', '=', 'automatic')
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (other) {
        throw new ApiError(
          409,
          'incident_already_open',
          'This monitor already has an open incident. Work on that one instead of reopening this one.',
        );
      }
    }
  }
  await setColumns(tx, row.id, columns);
  const from = INCIDENT_STATUS_LABELS[row.status];
  await addIncidentEvent(
    tx,
    row.id,
    now,
    'status_changed',
    `Status changed from ${from} to ${INCIDENT_STATUS_LABELS[to]}.`,
    actorId,
  );
  if (to === 'resolved') return 'incident.resolved';
  return row.resolved_at !== null ? 'incident.opened' : null;
}

export function createIncidentManagement({ db, clock, requireManagement, get }: ManagementDeps) {
  /** Another user's incident is a 404 whatever the plan; the user's own needs the feature. */
  async function managed(workspaceId: string, id: string): Promise<IncidentTable> {
    const row = await getOwnedIncidentRow(db, workspaceId, id);
    await requireManagement(workspaceId);
    return row;
  }

  return {
    /** A manual incident: declared by a person, so it starts acknowledged. */
    async create(caller: Caller, input: IncidentInput): Promise<Incident> {
      const { workspaceId, actorId } = caller;
      const monitors = await ownedMonitors(db, workspaceId, input.monitorIds);
      await requireManagement(workspaceId);
      const now = clock.now();
      const id = uuidv7();
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('incidents')
          .values({
            id,
            workspace_id: workspaceId,
            title: input.title,
            status: input.status,
            severity: input.severity,
            source: 'manual',
            primary_monitor_id: null,
            started_at: now,
            acknowledged_at: now,
            resolved_at: null,
            flapping_since: null,
            down_alerted: 0,
            recovery_alerted: 0,
            root_cause: null,
            summary: null,
            follow_ups: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        if (monitors.length > 0) {
          await tx
            .insertInto('incident_monitors')
            .values(monitors.map((monitor) => ({ incident_id: id, monitor_id: monitor.id })))
            .execute();
        }
        await addIncidentEvent(tx, id, now, 'detected', 'Opened by hand.', actorId);
        if (input.update) await insertUpdate(tx, id, input.status, input.update, now, actorId);
        await announceIncident(tx, 'incident.opened', id, now, { message: input.update ?? null });
        await recordAudit(tx, caller, now, {
          action: 'incident.create',
          resource: { id, name: input.title },
        });
      });
      return get(workspaceId, id);
    },

    /** In the app or through the API; the link in an alert goes through escalation/ack-link.ts. */
    async acknowledge(caller: Caller, id: string): Promise<Incident> {
      const { workspaceId, actorId } = caller;
      const row = await managed(workspaceId, id);
      if (row.resolved_at !== null) {
        throw new ApiError(
          409,
          'incident_resolved',
          'This incident is resolved; there is nothing to acknowledge.',
        );
      }
      if (row.acknowledged_at === null) {
        const now = clock.now();
        const by = caller.apiKeyId
          ? { actorId, via: 'api' as const, label: `${caller.actorName} through the API` }
          : { actorId, via: 'app' as const, label: caller.actorName };
        await db.transaction().execute(async (tx) => {
          if (await acknowledgeIncident(tx, row, now, by)) {
            await recordAudit(tx, caller, now, {
              action: 'incident.acknowledge',
              resource: { id, name: row.title },
            });
          }
        });
      }
      return get(workspaceId, id);
    },

    async update(caller: Caller, id: string, patch: IncidentPatch): Promise<Incident> {
      const { workspaceId, actorId } = caller;
      const row = await managed(workspaceId, id);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        if (patch.title !== undefined && patch.title !== row.title) {
          await setColumns(tx, id, { title: patch.title, updated_at: now });
          const message = `Title changed from “${row.title}” to “${patch.title}”.`;
          await addIncidentEvent(tx, id, now, 'title_changed', message, actorId);
        }
        if (patch.severity !== undefined && patch.severity !== row.severity) {
          await setColumns(tx, id, { severity: patch.severity, updated_at: now });
          const message = `Severity changed from ${INCIDENT_SEVERITY_LABELS[row.severity]} to ${INCIDENT_SEVERITY_LABELS[patch.severity]}.`;
          await addIncidentEvent(tx, id, now, 'severity_changed', message, actorId);
        }
        if (patch.status !== undefined) {
          const turn = await changeStatus(tx, row, patch.status, now, actorId);
          if (turn) await announceIncident(tx, turn, id, now);
        }
        await recordAudit(tx, caller, now, {
          action: 'incident.update',
          resource: { id, name: patch.title ?? row.title },
        });
      });
      return get(workspaceId, id);
    },

    /** A public update; announcing another status changes the incident's status too. */
    async postUpdate(caller: Caller, id: string, input: IncidentUpdateInput): Promise<Incident> {
      const { workspaceId, actorId } = caller;
      const row = await managed(workspaceId, id);
      const status = input.status ?? row.status;
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        const turn = await changeStatus(tx, row, status, now, actorId);
        await insertUpdate(tx, id, status, input.message, now, actorId);
        // One notice per update: a resolving update is the resolution, carrying its message.
        const kind = turn === 'incident.resolved' ? turn : 'incident.updated';
        await announceIncident(tx, kind, id, now, { message: input.message });
        await recordAudit(tx, caller, now, {
          action: 'incident.post_update',
          resource: { id, name: row.title },
        });
      });
      return get(workspaceId, id);
    },

    async setMonitors(caller: Caller, id: string, input: RelatedMonitorsInput): Promise<Incident> {
      const { workspaceId, actorId } = caller;
      const row = await managed(workspaceId, id);
      const wanted = await ownedMonitors(db, workspaceId, input.monitorIds);
      if (row.primary_monitor_id && !wanted.some((monitor) => monitor.id === row.primary_monitor_id)) {
        throw new ApiError(
          400,
          'primary_monitor_required',
          'An automatic incident keeps the monitor whose outage opened it.',
        );
      }
      const current = await db
        .selectFrom('incident_monitors')
        .innerJoin('monitors', 'monitors.id', 'incident_monitors.monitor_id')
        .select(['monitors.id', 'monitors.name'])
        .where('incident_monitors.incident_id', '=', id)
        .execute();
      const added = wanted.filter((monitor) => !current.some((c) => c.id === monitor.id));
      const removed = current.filter((monitor) => !wanted.some((w) => w.id === monitor.id));
      if (added.length === 0 && removed.length === 0) return get(workspaceId, id);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        if (removed.length > 0) {
          await tx
            .deleteFrom('incident_monitors')
            .where('incident_id', '=', id)
            .where(
              'monitor_id',
              'in',
              removed.map((monitor) => monitor.id),
            )
            .execute();
        }
        if (added.length > 0) {
          await tx
            .insertInto('incident_monitors')
            .values(added.map((monitor) => ({ incident_id: id, monitor_id: monitor.id })))
            .execute();
        }
        await setColumns(tx, id, { updated_at: now });
        const names = (list: { name: string }[]) => list.map((monitor) => monitor.name).join(', ');
        const message = [
          added.length > 0 ? `Added ${names(added)}.` : '',
          removed.length > 0 ? `Removed ${names(removed)}.` : '',
        ]
          .filter(Boolean)
          .join(' ');
        await addIncidentEvent(tx, id, now, 'monitors_changed', message, actorId);
        await recordAudit(tx, caller, now, {
          action: 'incident.monitors',
          resource: { id, name: row.title },
        });
      });
      return get(workspaceId, id);
    },

    async setResolution(caller: Caller, id: string, input: ResolutionInput): Promise<Incident> {
      const { workspaceId, actorId } = caller;
      const row = await managed(workspaceId, id);
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await setColumns(tx, id, {
          root_cause: input.rootCause || null,
          summary: input.summary || null,
          follow_ups: JSON.stringify(input.followUps),
          updated_at: now,
        });
        await addIncidentEvent(tx, id, now, 'resolution_updated', 'Resolution updated.', actorId);
        await recordAudit(tx, caller, now, {
          action: 'incident.resolution',
          resource: { id, name: row.title },
        });
      });
      return get(workspaceId, id);
    },
  };
}

async function insertUpdate(
  tx: Tx,
  incidentId: string,
  status: IncidentStatus,
  message: string,
  now: number,
  authorId: string,
): Promise<void> {
  await tx
    .insertInto('incident_updates')
    .values({ id: uuidv7(), incident_id: incidentId, status, message, author_id: authorId, created_at: now })
    .execute();
  const label = INCIDENT_STATUS_LABELS[status];
  await addIncidentEvent(tx, incidentId, now, 'update_posted', `Update (${label}): ${message}`, authorId);
}
