// Rows in every table a workspace owns, as 0044 left the schema, for migration 0045's test: the
// shared row helpers for the tables they cover, and one plain row for each of the others.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { INSERT_AGED, insertSite } from '../../../../retention/test/rows.ts';
import { sentDeliveryRow } from '../../../../test/delivery-rows.ts';
import { insertMonitors, insertOwner, monitorRow } from '../../../../test/monitor-rows.ts';
import { insertToldSubscribers } from '../../../../test/subscriber-rows.ts';
import type { Dialect } from '../../connect.ts';
import type { Database } from '../../schema.ts';

/** Retention kinds whose tables later migrations make (0046's field data). */
const LATER_TABLES = new Set(['rum_hours', 'rum_days']);

/** Writes a new workspace with a row in each table it owns; returns the workspace id. */
export async function insertWorkspaceOwnedRows(db: Kysely<Database>, dialect: Dialect, now: number) {
  const workspaceId = await insertOwner(db, dialect);
  const monitor = monitorRow(workspaceId, `https://${workspaceId}.example.com`, now);
  await insertMonitors(db, [monitor]);
  const owner = {
    workspaceId,
    monitorId: monitor.id,
    siteId: await insertSite(db, workspaceId, now),
  };
  for (const [kind, insert] of Object.entries(INSERT_AGED)) {
    // Tables made after 0044 are not there yet.
    if (LATER_TABLES.has(kind)) continue;
    await insert(db, owner, now - 3_600_000);
  }
  await insertToldSubscribers(db, workspaceId, `page-${workspaceId}`, now, 2);

  const channelId = uuidv7();
  await db
    .insertInto('alert_channels')
    .values({
      id: channelId,
      workspace_id: workspaceId,
      managed_key: null,
      kind: 'email',
      name: 'On call',
      config: 'sealed',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('alert_deliveries')
    .values(sentDeliveryRow(workspaceId, monitor.id, now, { channel_id: channelId }))
    .execute();
  await db
    .insertInto('outbox')
    .values({
      id: uuidv7(),
      workspace_id: workspaceId,
      to_address: 'ops@example.test',
      subject: 'Down',
      html: '<p>Down</p>',
      text: 'Down',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('api_keys')
    .values({
      id: uuidv7(),
      workspace_id: workspaceId,
      created_by: workspaceId,
      role: 'member',
      name: 'CI',
      prefix: 'uw_abcd',
      hash: uuidv7(),
      created_at: now,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('deployment_webhooks')
    .values({
      id: uuidv7(),
      workspace_id: workspaceId,
      provider: 'github',
      token: `receiver-${workspaceId}`,
      secret_sealed: 'sealed',
      secret_hint: 'abcd',
      last_delivery_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('retention_owner_plans')
    .values({ workspace_id: workspaceId, plan_id: 'pro', noted_at: now })
    .execute();
  await db
    .insertInto('escalation_policies')
    .values({
      id: uuidv7(),
      workspace_id: workspaceId,
      managed_key: null,
      name: 'Page the team',
      repeat_every_minutes: null,
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const window = await db
    .selectFrom('maintenance_windows')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('maintenance_updates')
    .values({
      id: uuidv7(),
      workspace_id: workspaceId,
      window_id: window.id,
      message: 'Done',
      created_at: now,
    })
    .execute();
  return workspaceId;
}
