// Grouped alerts (issue 19): when several monitors of a workspace go down together, each channel
// gets one alert listing them instead of one per monitor. A Down alert is held for the
// workspace's window only while other monitors are failing too (a lone outage goes at once);
// alerts enqueued while one is held join it and go with it. Recoveries group the same way.
import type { Kysely, Transaction } from 'kysely';
import type { AlertEvent, GroupedMonitor } from '../../core/alerts/alert-event.ts';
import type { AlertKind, ChannelKind } from '../../core/api/alerts.ts';
import type { AlertDeliveryTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { readWorkspaceSettings } from '../workspaces/settings.ts';
import { channelOf } from './registry.ts';

type Tx = Transaction<Database>;

const GROUPABLE: ReadonlySet<AlertKind> = new Set(['monitor.down', 'monitor.up']);

export interface Grouping {
  enabled(channel: { kind: ChannelKind }): boolean;
  /** Hold a new alert until then for others to join; null: send it at once unless one is held. */
  holdUntil: number | null;
}

const NONE: Grouping = { enabled: () => false, holdUntil: null };

export async function groupingOf(
  tx: Tx,
  args: { workspaceId: string; incidentId: string | null; event: AlertEvent; now: number },
): Promise<Grouping> {
  const { event, workspaceId, now } = args;
  if (args.incidentId === null || !GROUPABLE.has(event.kind)) return NONE;
  const { alertGroupingSeconds } = await readWorkspaceSettings(tx, workspaceId);
  if (alertGroupingSeconds === 0) return NONE;
  const windowMs = alertGroupingSeconds * 1000;
  const others = await othersFailing(tx, workspaceId, event, windowMs);
  return {
    enabled: (channel) => channelOf(channel.kind).grouped !== false,
    holdUntil: others ? now + windowMs : null,
  };
}

/** Down: another monitor awaits its confirming re-check. Up: another outage that began alongside this one is still open. */
async function othersFailing(
  tx: Tx,
  workspaceId: string,
  event: AlertEvent,
  windowMs: number,
): Promise<boolean> {
  if (event.kind === 'monitor.down') {
    const row = await tx
      .selectFrom('monitors')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('confirming_since', 'is not', null)
      .where('id', '!=', event.monitor.id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
  const startedAt = event.incident?.startedAt ?? event.at;
  const row = await tx
    .selectFrom('incidents')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('source', '=', 'automatic')
    .where('resolved_at', 'is', null)
    .where('primary_monitor_id', '!=', event.monitor.id)
    .where('started_at', '>=', startedAt - windowMs)
    .where('started_at', '<=', startedAt + windowMs)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The held alert of this kind to this channel that a new one may still join. */
export async function heldLeader(
  tx: Tx,
  workspaceId: string,
  channelId: string | null,
  kind: AlertKind,
  now: number,
): Promise<string | null> {
  const row = await tx
    .selectFrom('alert_deliveries')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('group_id', 'is', null)
    .where('claimed_until', 'is', null)
    .where('incident_id', 'is not', null)
    .where('next_attempt_at', '>', now)
    .where((eb) => (channelId === null ? eb('channel_id', 'is', null) : eb('channel_id', '=', channelId)))
    .orderBy('next_attempt_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The deliveries that joined a leader, oldest first. */
export async function groupMembers(db: Kysely<Database>, leaderId: string): Promise<AlertDeliveryTable[]> {
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('group_id', '=', leaderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One alert for the leader and those that joined it. */
export function groupedEvent(leader: AlertEvent, members: readonly AlertEvent[]): AlertEvent {
  const all = [leader, ...members];
  const group: GroupedMonitor[] = all.map((event) => ({
    monitor: event.monitor,
    incident: event.incident,
    at: event.at,
    failure: event.failure,
    downtimeMs: event.downtimeMs,
  }));
  return {
    kind: leader.kind === 'monitor.down' ? 'monitors.down' : 'monitors.up',
    at: Math.min(...all.map((event) => event.at)),
    monitor: leader.monitor,
    incident: null,
    failure: null,
    downtimeMs: null,
    group,
  };
}

/**
 * Members that joined after the leader's send had read them (a transaction committing as it was
 * claimed) go out on their own instead of never.
 */
export async function releaseStragglers(db: Kysely<Database>, leaderId: string, now: number): Promise<void> {
  await db
    .updateTable('alert_deliveries')
    .set({ group_id: null, next_attempt_at: now })
    .where('group_id', '=', leaderId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', 'is', null)
    .execute();
}
