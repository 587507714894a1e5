// Alerts are written as pending deliveries in the same transaction as the change that caused
// them, so a committed incident always gets its alerts and a rolled-back one never does; the
// delivery job sends them (with retries) outside the check path.

import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import type { ChannelKind } from '../../core/api/alerts.ts';
import type { AlertDeliveryTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { groupingOf, heldLeader } from './alert-groups.ts';

type Tx = Transaction<Database>;

export interface TargetChannel {
  /** null: the workspace's own address. */
  id: string | null;
  kind: ChannelKind;
}

/**
 * The channels a monitor's alerts go to: its chosen channels, or the account email (null)
 * when none was chosen.
 */
export async function channelsFor(tx: Tx, monitorId: string): Promise<(string | null)[]> {
  return (await targetChannels(tx, monitorId)).map((channel) => channel.id);
}

export async function targetChannels(tx: Tx, monitorId: string): Promise<TargetChannel[]> {
  const rows = await tx
    .selectFrom('monitor_alert_channels')
    .innerJoin('alert_channels', 'alert_channels.id', 'monitor_alert_channels.channel_id')
    .select(['alert_channels.id', 'alert_channels.kind'])
    .where('monitor_alert_channels.monitor_id', '=', monitorId)
    .orderBy('alert_channels.created_at')
    .orderBy('alert_channels.id')
    .execute();
  return rows.length > 0 ? rows : [{ id: null, kind: 'email' }];
}

/** The channels a monitor's owner chose for it, without the account email standing in for none. */
export async function chosenChannelsFor(tx: Tx, monitorId: string): Promise<string[]> {
  const channels = await channelsFor(tx, monitorId);
  return channels.filter((id): id is string => id !== null);
}

/** Every channel that got a Down or escalation alert of the incident (null: the account email). */
export async function channelsAlertedFor(tx: Tx, incidentId: string): Promise<(string | null)[]> {
  const rows = await tx
    .selectFrom('alert_deliveries')
    .select('channel_id')
    .distinct()
    .where('incident_id', '=', incidentId)
    .where('kind', 'in', ['monitor.down', 'incident.escalated'])
    .execute();
  return rows.map((row) => row.channel_id);
}

export interface EnqueueArgs {
  workspaceId: string;
  incidentId: string | null;
  event: AlertEvent;
  now: number;
  /** Where it goes; the monitor's channels (or the account email) when left out. */
  channels?: readonly (string | null)[];
  /**
   * Send no earlier than this (a dependant's outage waits for its upstream's check). A held Down
   * or Recovered alert leads a group others may join until it goes.
   */
  holdUntil?: number;
}

/** The given channels with their kinds (grouping skips some kinds). */
async function withKinds(tx: Tx, ids: readonly (string | null)[]): Promise<TargetChannel[]> {
  const named = ids.filter((id): id is string => id !== null);
  const rows =
    named.length > 0
      ? await tx.selectFrom('alert_channels').select(['id', 'kind']).where('id', 'in', named).execute()
      : [];
  return ids.map((id) => ({ id, kind: rows.find((row) => row.id === id)?.kind ?? 'email' }));
}

export async function enqueueAlert(tx: Tx, args: EnqueueArgs): Promise<void> {
  const channels = args.channels
    ? await withKinds(tx, args.channels)
    : await targetChannels(tx, args.event.monitor.id);
  if (channels.length === 0) return;
  const grouping = await groupingOf(tx, args);
  const rows: AlertDeliveryTable[] = [];
  for (const channel of channels) {
    const row: AlertDeliveryTable = {
      id: uuidv7(),
      workspace_id: args.workspaceId,
      monitor_id: args.event.monitor.id,
      incident_id: args.incidentId,
      channel_id: channel.id,
      kind: args.event.kind,
      payload: JSON.stringify(args.event),
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: Math.max(args.now, args.holdUntil ?? 0),
      last_error: null,
      claimed_until: null,
      created_at: args.now,
      sent_at: null,
      group_id: null,
    };
    if (grouping.enabled(channel)) {
      const leader = await heldLeader(tx, args.workspaceId, channel.id, args.event.kind, args.now);
      if (leader) {
        rows.push({ ...row, group_id: leader, next_attempt_at: null });
        continue;
      }
      if (grouping.holdUntil !== null)
        row.next_attempt_at = Math.max(row.next_attempt_at ?? 0, grouping.holdUntil);
    }
    rows.push(row);
  }
  await tx.insertInto('alert_deliveries').values(rows).execute();
}
