// What an outage means for the monitors that depend on each other (issue 19), decided inside
// the transaction that records it: a dependant joins its upstream's incident, an upstream's new
// incident takes in its dependants, and dependants still down when it ends are judged afresh.
import { sql, type Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import {
  DEPENDENCY_CHECK_REASON,
  downDependants,
  isFailing,
  listAffected,
  type Upstream,
  withdrawUnsentAlerts,
} from './dependencies.ts';
import type { StatusChange } from './status-change.ts';
import { addIncidentEvent, describeFailure, openIncidentOf } from './timeline.ts';

type Tx = Transaction<Database>;

/** A dependant whose upstream has a confirmed outage: listed on the upstream's incident, nothing sent. */
export async function joinedUpstream(
  tx: Tx,
  change: StatusChange,
  upstreams: readonly Upstream[],
): Promise<boolean> {
  for (const upstream of upstreams) {
    if (upstream.status !== 'down' || !isFailing(upstream)) continue;
    const incident = await openIncidentOf(tx, upstream.id);
    if (!incident) continue;
    if (await listAffected(tx, incident.id, change.monitor.id)) {
      await addIncidentEvent(
        tx,
        incident.id,
        change.event.at,
        'detected',
        `${change.monitor.name} is down too: it depends on ${upstream.name}. ${describeFailure(change)}`,
      );
    }
    return true;
  }
  return false;
}

/** An upstream's new incident takes in its dependants that are down, folding their unsent incidents. */
export async function adoptDependants(
  tx: Tx,
  incidentId: string,
  upstream: MonitorTable,
  at: number,
): Promise<void> {
  for (const dependant of await downDependants(tx, upstream.id)) {
    const own = await openIncidentOf(tx, dependant.id);
    if (own) {
      if (!(await withdrawUnsentAlerts(tx, own.id))) continue;
      await tx.deleteFrom('incidents').where('id', '=', own.id).execute();
    }
    if (await listAffected(tx, incidentId, dependant.id)) {
      await addIncidentEvent(
        tx,
        incidentId,
        at,
        'detected',
        `${dependant.name} is down too: it depends on ${upstream.name}.`,
      );
    }
  }
}

/**
 * Dependants still down when their upstream's incident ends are judged afresh: pending, and
 * checked at once, so a failure of their own goes through confirmation and opens their own
 * incident, while one that only waited on the upstream turns up without a word.
 */
export async function recheckDependants(
  tx: Tx,
  incidentId: string,
  upstream: MonitorTable,
  at: number,
): Promise<void> {
  const stillDown = await tx
    .selectFrom('incident_monitors')
    .innerJoin('monitors', 'monitors.id', 'incident_monitors.monitor_id')
    .select(['monitors.id', 'monitors.name'])
    .where('incident_monitors.incident_id', '=', incidentId)
    .where('monitors.id', '!=', upstream.id)
    .where('monitors.status', '=', 'down')
    .where('monitors.paused', '=', 0)
    .execute();
  for (const dependant of stillDown) {
    if (await openIncidentOf(tx, dependant.id)) continue;
    await tx
      .updateTable('monitors')
      .set({
        status: 'pending',
        streak: 0,
        confirming_since: null,
        last_status_change_at: at,
        next_run_at: sql<number>`cast(${at} as bigint)`,
        check_reason: DEPENDENCY_CHECK_REASON,
      })
      .where('id', '=', dependant.id)
      .execute();
    await tx
      .insertInto('monitor_status_changes')
      .values({ id: uuidv7(), monitor_id: dependant.id, at, from_status: 'down', to_status: 'pending' })
      .execute();
    await addIncidentEvent(
      tx,
      incidentId,
      at,
      'monitors_changed',
      `${dependant.name} is checked again now that ${upstream.name} is back.`,
    );
  }
}

/** A dependant back up while listed on an upstream's open incident: said on that incident. */
export async function noteDependantRecovered(tx: Tx, change: StatusChange): Promise<void> {
  const listing = await tx
    .selectFrom('incident_monitors')
    .innerJoin('incidents', 'incidents.id', 'incident_monitors.incident_id')
    .select('incidents.id')
    .where('incident_monitors.monitor_id', '=', change.monitor.id)
    .where('incidents.source', '=', 'automatic')
    .where('incidents.resolved_at', 'is', null)
    .where('incidents.primary_monitor_id', '!=', change.monitor.id)
    .execute();
  for (const incident of listing) {
    await addIncidentEvent(
      tx,
      incident.id,
      change.event.at,
      'monitors_changed',
      `${change.monitor.name} is back up.`,
    );
  }
}
