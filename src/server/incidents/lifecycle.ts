// Automatic incidents, decided inside the transaction that records a monitor's confirmed status
// change: a confirmed outage opens exactly one incident (the partial unique index backs this
// up across workers) and one Down alert; recovery resolves it with one Recovered alert. A
// monitor that fails again soon after recovering reopens its incident instead of opening a new
// one, and still sends that outage's Down and Recovered alerts. Only flapping holds alerts back:
// an outage that follows more than the policy's number of changes within its window is
// flapping, its Down alert says alerts are held, and the incident resolves once stable.
import { sql, type Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { formatDuration } from '../../core/duration.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import { recoveryChannels, resumeEscalation, startEscalation } from '../escalation/start.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { announceIncident } from '../status-pages/subscribers/notices.ts';
import {
  adoptDependants,
  joinedUpstream,
  noteDependantRecovered,
  recheckDependants,
} from './dependant-outages.ts';
import { holdForUpstreams, upstreamsOf } from './dependencies.ts';
import type { StatusChange } from './status-change.ts';
import { addIncidentEvent, describeFailure, openIncidentOf, outageStartOf } from './timeline.ts';

type Tx = Transaction<Database>;

export interface FlapPolicy {
  /** How far back status changes are counted, and how long a monitor must be stable. */
  windowMs: number;
  /** This many changes within the window is flapping. */
  changes: number;
}

export const DEFAULT_FLAP_POLICY: FlapPolicy = { windowMs: 30 * 60_000, changes: 4 };
/** CONFIRMATION_DELAY_SECONDS's default: how long an upstream's verdict may take beyond its timeout. */
const DEFAULT_CONFIRM_DELAY_MS = 15_000;

function alertEvent(
  change: StatusChange,
  incident: Pick<IncidentTable, 'id' | 'title' | 'started_at'>,
  outageStartedAt = incident.started_at,
): AlertEvent {
  const recovered = change.event.type !== 'monitor.down';
  return {
    kind: recovered ? 'monitor.up' : 'monitor.down',
    at: change.event.at,
    // What the monitor watches, for people: the URL of an http monitor, host:port, a schedule…
    monitor: {
      id: change.monitor.id,
      name: change.monitor.name,
      url: kindOf(change.monitor).target(change.monitor),
    },
    incident: { id: incident.id, title: incident.title, startedAt: incident.started_at },
    failure: recovered ? null : change.failure,
    downtimeMs: recovered ? change.event.at - outageStartedAt : null,
  };
}

/** A flapping monitor's Down alert says that the alerts after it are held, and for how long. */
function heldAlertEvent(event: AlertEvent, policy: FlapPolicy): AlertEvent {
  return {
    ...event,
    flapping: { changes: policy.changes, windowMinutes: Math.round(policy.windowMs / 60_000) },
  };
}

async function changesInWindow(tx: Tx, monitorId: string, since: number): Promise<number> {
  const row = await tx
    .selectFrom('monitor_status_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('monitor_id', '=', monitorId)
    .where('at', '>=', since)
    .where('to_status', 'in', ['up', 'down', 'degraded'])
    .where('from_status', 'in', ['up', 'down', 'degraded'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function markFlapping(tx: Tx, incident: IncidentTable, at: number, policy: FlapPolicy) {
  if (incident.flapping_since !== null) return;
  await tx
    .updateTable('incidents')
    .set({ flapping_since: at, updated_at: at })
    .where('id', '=', incident.id)
    .execute();
  const minutes = Math.round(policy.windowMs / 60_000);
  await addIncidentEvent(
    tx,
    incident.id,
    at,
    'flapping',
    `Flapping: more than ${policy.changes} status changes within ${minutes} minutes. No further alerts until it is stable for ${minutes} minutes.`,
  );
}

/** The monitor's re-notify setting: the first "still down" reminder after the Down alert. */
function firstReminder(change: StatusChange): number | null {
  const minutes = change.monitor.renotify_minutes ?? null;
  return minutes === null ? null : change.checkedAt + minutes * 60_000;
}

async function wentDown(
  tx: Tx,
  change: StatusChange,
  policy: FlapPolicy,
  confirmDelayMs: number,
): Promise<void> {
  const { event, monitor } = change;
  const upstreams = await upstreamsOf(tx, monitor.id);
  if (await joinedUpstream(tx, change, upstreams)) return;
  // The change being judged is stored already: flapping is more changes than the policy allows
  // before it, so two outages in a row within the window still alert twice.
  const flapping = (await changesInWindow(tx, monitor.id, event.at - policy.windowMs)) > policy.changes;
  const open = await openIncidentOf(tx, monitor.id);
  if (open) {
    await addIncidentEvent(tx, open.id, event.at, 'detected', `Down again: ${describeFailure(change)}`);
    if (flapping) await markFlapping(tx, open, event.at, policy);
    return;
  }
  const recent = await tx
    .selectFrom('incidents')
    .selectAll()
    .where('primary_monitor_id', '=', monitor.id)
    .where('source', '=', 'automatic')
    .where('resolved_at', '>=', event.at - policy.windowMs)
    .orderBy('resolved_at', 'desc')
    .executeTakeFirst();
  if (recent) {
    await tx
      .updateTable('incidents')
      .set({
        status: 'investigating',
        resolved_at: null,
        updated_at: event.at,
        renotify_at: firstReminder(change),
        // This outage's recovery is its own alert.
        recovery_alerted: 0,
      })
      .where('id', '=', recent.id)
      .execute();
    await addIncidentEvent(
      tx,
      recent.id,
      event.at,
      'reopened',
      `Down again within ${Math.round(policy.windowMs / 60_000)} minutes of recovering: ${describeFailure(change)}`,
    );
    if (flapping) await markFlapping(tx, recent, event.at, policy);
    await resumeEscalation(tx, recent, change.checkedAt);
    await announceIncident(tx, 'incident.opened', recent.id, change.checkedAt);
    const down = alertEvent(change, recent);
    await enqueueAlert(tx, {
      workspaceId: monitor.workspace_id,
      incidentId: recent.id,
      event: flapping ? heldAlertEvent(down, policy) : down,
      now: change.checkedAt,
      // Everyone the incident's escalation reached hears of the new outage too.
      channels: await recoveryChannels(tx, recent, monitor.id),
    });
    return;
  }

  const escalation = await startEscalation(tx, monitor, change.checkedAt);
  const incident: IncidentTable = {
    id: uuidv7(),
    workspace_id: monitor.workspace_id,
    title: `${monitor.name} is down`,
    status: 'investigating',
    severity: 'major',
    source: 'automatic',
    primary_monitor_id: monitor.id,
    started_at: event.at,
    acknowledged_at: null,
    resolved_at: null,
    flapping_since: null,
    down_alerted: 1,
    recovery_alerted: 0,
    root_cause: null,
    summary: null,
    follow_ups: null,
    renotify_at: firstReminder(change),
    created_at: change.checkedAt,
    updated_at: change.checkedAt,
    ...escalation?.columns,
  };
  // Another worker may have recorded the same outage: the partial unique index keeps one.
  const inserted = await tx
    .insertInto('incidents')
    .values(incident)
    .onConflict((oc) =>
      // The predicate repeats the index's own, literally: SQLite matches a partial index by its text.
      oc
        .column('primary_monitor_id')
        .where('source', '=', sql.lit('automatic'))
        .where('resolved_at', 'is', null)
        .doNothing(),
    )
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await tx
    .insertInto('incident_monitors')
    .values({ incident_id: incident.id, monitor_id: monitor.id })
    .execute();
  await addIncidentEvent(tx, incident.id, event.at, 'detected', `Check failed: ${describeFailure(change)}`);
  await addIncidentEvent(tx, incident.id, change.checkedAt, 'confirmed', 'Confirmed down by a re-check.');
  const holdUntil = await holdForUpstreams(tx, upstreams, change.checkedAt, confirmDelayMs);
  // Held like the Down alert: an incident folded into its upstream's is never announced.
  await announceIncident(tx, 'incident.opened', incident.id, change.checkedAt, { notBefore: holdUntil });
  if (escalation) await addIncidentEvent(tx, incident.id, change.checkedAt, 'escalated', escalation.message);
  await enqueueAlert(tx, {
    workspaceId: monitor.workspace_id,
    incidentId: incident.id,
    event: alertEvent(change, incident),
    now: change.checkedAt,
    ...(holdUntil === null ? {} : { holdUntil }),
    channels: escalation?.channels,
  });
  await adoptDependants(tx, incident.id, monitor, event.at);
}

/** Resolves an automatic incident: its timeline, and the one Recovered alert if not yet sent. */
export async function resolveAutomatic(
  tx: Tx,
  incident: IncidentTable,
  at: number,
  message: string,
  change?: StatusChange,
) {
  await tx
    .updateTable('incidents')
    .set({
      status: 'resolved',
      resolved_at: at,
      updated_at: at,
      recovery_alerted: 1,
      next_escalation_at: null,
      renotify_at: null,
    })
    .where('id', '=', incident.id)
    .execute();
  await addIncidentEvent(tx, incident.id, at, 'resolved', message);
  await announceIncident(tx, 'incident.resolved', incident.id, at);
  const monitor = await tx
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', incident.primary_monitor_id ?? '')
    .executeTakeFirst();
  if (!monitor) return;
  if (incident.recovery_alerted !== 1) {
    const recovery: StatusChange = change ?? {
      event: {
        type: 'monitor.up',
        workspaceId: monitor.workspace_id,
        monitorId: monitor.id,
        at,
        from: 'down',
        to: 'up',
      },
      monitor,
      checkedAt: at,
      failure: null,
    };
    await enqueueAlert(tx, {
      workspaceId: monitor.workspace_id,
      incidentId: incident.id,
      event: alertEvent(recovery, incident, await outageStartOf(tx, monitor.id, at, incident.started_at)),
      now: at,
      channels: await recoveryChannels(tx, incident, monitor.id),
    });
  }
  await recheckDependants(tx, incident.id, monitor, at);
}

async function cameBack(tx: Tx, change: StatusChange): Promise<void> {
  const open = await openIncidentOf(tx, change.monitor.id);
  if (!open) {
    await noteDependantRecovered(tx, change);
    return;
  }
  const { at } = change.event;
  const outageStartedAt = await outageStartOf(tx, change.monitor.id, at, open.started_at);
  await addIncidentEvent(
    tx,
    open.id,
    at,
    'recovered',
    `Back up after ${formatDuration(at - outageStartedAt)} of downtime.`,
  );
  // Flapping was judged when the outage began; a flapping incident resolves once stable.
  if (open.flapping_since !== null) return;
  await resolveAutomatic(tx, open, at, 'Resolved automatically: the monitor is up.', change);
}

/** Called with the batch's confirmed status changes, after they are stored, in the same transaction. */
export async function applyStatusChanges(
  tx: Tx,
  changes: readonly StatusChange[],
  policy: FlapPolicy = DEFAULT_FLAP_POLICY,
  confirmDelayMs = DEFAULT_CONFIRM_DELAY_MS,
): Promise<void> {
  for (const change of changes) {
    if (change.event.type === 'monitor.down') await wentDown(tx, change, policy, confirmDelayMs);
    else if (change.event.from === 'down') await cameBack(tx, change);
  }
}
