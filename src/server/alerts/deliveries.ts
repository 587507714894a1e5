// The deliveries log: each alert, where it went, and how its attempts went.
import type { Kysely } from 'kysely';
import type { Delivery } from '../../core/api/alerts.ts';
import type { Database } from '../platform/db/schema.ts';

export async function listDeliveries(
  db: Kysely<Database>,
  workspaceId: string,
  { limit, monitorId }: { limit: number; monitorId?: string | undefined },
): Promise<Delivery[]> {
  let query = db
    .selectFrom('alert_deliveries as d')
    .leftJoin('alert_channels as c', (join) =>
      join.onRef('c.id', '=', 'd.channel_id').on('c.workspace_id', '=', workspaceId),
    )
    .leftJoin('monitors as m', 'm.id', 'd.monitor_id')
    .select([
      'd.id',
      'd.kind',
      'd.status',
      'd.attempts',
      'd.last_error',
      'd.next_attempt_at',
      'd.created_at',
      'd.sent_at',
      'd.incident_id',
      'd.channel_id',
      'd.monitor_id',
      'm.name as monitor_name',
      'c.kind as channel_kind',
      'c.name as channel_name',
    ])
    .where('d.workspace_id', '=', workspaceId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit);
  if (monitorId) query = query.where('d.monitor_id', '=', monitorId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as Delivery['kind'],
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    incidentId: row.incident_id,
    monitor: row.monitor_id && row.monitor_name ? { id: row.monitor_id, name: row.monitor_name } : null,
    channel:
      row.channel_id === null
        ? { id: null, kind: 'email', name: 'Account email' }
        : row.channel_kind && row.channel_name
          ? { id: row.channel_id, kind: row.channel_kind, name: row.channel_name }
          : null,
  }));
}
