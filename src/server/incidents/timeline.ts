// The incident timeline's writes and the reads the incident lifecycle shares.
import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { IncidentEventKind } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { StatusChange } from './status-change.ts';

type Tx = Transaction<Database>;

export async function addIncidentEvent(
  tx: Tx,
  incidentId: string,
  at: number,
  kind: IncidentEventKind,
  message: string,
  actorId: string | null = null,
): Promise<void> {
  await tx
    .insertInto('incident_events')
    .values({ id: uuidv7(), incident_id: incidentId, at, kind, message, actor_id: actorId })
    .execute();
}

/** The automatic incident open for a monitor's outage, if any. */
export async function openIncidentOf(tx: Tx, monitorId: string) {
  return tx
    .selectFrom('incidents')
    .selectAll()
    .where('primary_monitor_id', '=', monitorId)
    .where('source', '=', 'automatic')
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
}

/**
 * When the monitor's latest outage began: a reopened incident's started_at is its first outage's,
 * and a recovery reports how long this one lasted.
 */
export async function outageStartOf(
  tx: Tx,
  monitorId: string,
  at: number,
  fallback: number,
): Promise<number> {
  const row = await tx
    .selectFrom('monitor_status_changes')
    .select((eb) => eb.fn.max<number>('at').as('at'))
    .where('monitor_id', '=', monitorId)
    .where('to_status', '=', 'down')
    .where('at', '<=', at)
    .where('at', '>=', fallback)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? fallback : Number(row.at);
}

/** The failing check in a sentence, for the timeline. */
export function describeFailure(change: Pick<StatusChange, 'failure'>): string {
  const failure = change.failure;
  if (!failure) return 'The check failed.';
  return failure.message ?? (failure.statusCode ? `HTTP ${failure.statusCode}` : 'The check failed.');
}
