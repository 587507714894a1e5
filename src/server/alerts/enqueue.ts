// Alerts are written as pending deliveries in the same transaction as the change that caused
// them, so a committed incident always gets its alerts and a rolled-back one never does; the
// delivery job sends them (with retries) outside the check path.

import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../db/schema.ts';
import type { AlertEvent } from './alert-event.ts';

type Tx = Transaction<Database>;

/**
 * The channels a monitor's alerts go to: its chosen channels, or the account email (null)
 * when none was chosen.
 */
export async function channelsFor(tx: Tx, monitorId: string): Promise<(string | null)[]> {
  const rows = await tx
    .selectFrom('monitor_alert_channels')
    .innerJoin('alert_channels', 'alert_channels.id', 'monitor_alert_channels.channel_id')
    .select('alert_channels.id')
    .where('monitor_alert_channels.monitor_id', '=', monitorId)
    .orderBy('alert_channels.created_at')
    .orderBy('alert_channels.id')
    .execute();
  return rows.length > 0 ? rows.map((row) => row.id) : [null];
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

export async function enqueueAlert(
  tx: Tx,
  args: {
    userId: string;
    incidentId: string | null;
    event: AlertEvent;
    now: number;
    /** Where it goes; the monitor's channels (or the account email) when left out. */
    channels?: readonly (string | null)[];
  },
): Promise<void> {
  const channels = args.channels ?? (await channelsFor(tx, args.event.monitor.id));
  if (channels.length === 0) return;
  await tx
    .insertInto('alert_deliveries')
    .values(
      channels.map((channelId) => ({
        id: uuidv7(),
        user_id: args.userId,
        monitor_id: args.event.monitor.id,
        incident_id: args.incidentId,
        channel_id: channelId,
        kind: args.event.kind,
        payload: JSON.stringify(args.event),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: args.now,
        last_error: null,
        claimed_until: null,
        created_at: args.now,
        sent_at: null,
      })),
    )
    .execute();
}
