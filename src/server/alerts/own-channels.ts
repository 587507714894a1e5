// Channels a write names must be its workspace's own: an id from elsewhere (or none at all) is a
// 404 saying so, the same wherever channels are chosen (a monitor's, an escalation step's).
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';

export async function requireOwnChannels(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
  message: string,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const owned = await db
    .selectFrom('alert_channels')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', wanted)
    .execute();
  if (owned.length !== wanted.length) throw new ApiError(404, 'channel_not_found', message);
}
