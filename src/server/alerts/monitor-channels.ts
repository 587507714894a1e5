// Which channels a monitor's alerts go to. No rows means the account email, so a new monitor
// alerts someone without any set-up.
import type { Kysely } from 'kysely';
import type { MonitorChannels } from '../../core/api/alerts.ts';
import { recordAudit } from '../audit/record.ts';
import { getOwnedMonitorRow } from '../monitors/repository.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { requireOwnChannels } from './own-channels.ts';

export async function getMonitorChannels(
  db: Kysely<Database>,
  workspaceId: string,
  monitorId: string,
): Promise<MonitorChannels> {
  await getOwnedMonitorRow(db, workspaceId, monitorId);
  const rows = await db
    .selectFrom('monitor_alert_channels')
    .innerJoin('alert_channels', 'alert_channels.id', 'monitor_alert_channels.channel_id')
    .select('alert_channels.id')
    .where('monitor_alert_channels.monitor_id', '=', monitorId)
    .where('alert_channels.workspace_id', '=', workspaceId)
    .orderBy('alert_channels.created_at')
    .orderBy('alert_channels.id')
    .execute();
  return { channelIds: rows.map((row) => row.id), usesAccountEmail: rows.length === 0 };
}

export async function setMonitorChannels(
  db: Kysely<Database>,
  caller: Caller,
  now: number,
  monitorId: string,
  channelIds: readonly string[],
): Promise<MonitorChannels> {
  const workspaceId = caller.workspaceId;
  const monitor = await getOwnedMonitorRow(db, workspaceId, monitorId);
  const wanted = [...new Set(channelIds)];
  await db.transaction().execute(async (tx) => {
    await requireOwnChannels(tx, workspaceId, wanted, 'No alert channel with that id in your account.');
    await tx.deleteFrom('monitor_alert_channels').where('monitor_id', '=', monitorId).execute();
    await linkChannels(tx, monitorId, wanted);
    await recordAudit(tx, caller, now, {
      action: 'monitor.channels',
      resource: { id: monitorId, name: monitor.name },
    });
  });
  return getMonitorChannels(db, workspaceId, monitorId);
}

/** Adds channels (the caller's own, already checked) to a monitor's choice, in the caller's transaction. */
export async function linkChannels(
  tx: Kysely<Database>,
  monitorId: string,
  channelIds: readonly string[],
): Promise<void> {
  if (channelIds.length === 0) return;
  await tx
    .insertInto('monitor_alert_channels')
    .values(channelIds.map((channelId) => ({ monitor_id: monitorId, channel_id: channelId })))
    .execute();
}
