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
export async function channelsFor(_tx: Tx, _monitorId: string): Promise<(string | null)[]> {
  return [null];
}

export async function enqueueAlert(
  tx: Tx,
  args: { userId: string; incidentId: string | null; event: AlertEvent; now: number },
): Promise<void> {
  const channels = await channelsFor(tx, args.event.monitor.id);
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
