// A person's API keys in a workspace when they leave it: revoked, or handed to the owner when the
// remover chose so. Run inside the removal's transaction, each key with its audit entry.
import type { Kysely } from 'kysely';
import type { KeysOnRemoval } from '../../core/api/workspaces.ts';
import { recordAudit } from '../audit/record.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { workspaceOwnerId } from './key-owner.ts';

export async function settlePersonKeys(
  tx: Kysely<Database>,
  caller: Caller,
  personId: string,
  choice: KeysOnRemoval,
  now: number,
): Promise<void> {
  const keys = await tx
    .selectFrom('api_keys')
    .select(['id', 'name', workspaceOwnerId.as('ownerId')])
    .where('workspace_id', '=', caller.workspaceId)
    .where('created_by', '=', personId)
    .where('revoked_at', 'is', null)
    .execute();
  for (const key of keys) {
    if (choice === 'hand_over' && key.ownerId) {
      await tx.updateTable('api_keys').set({ created_by: key.ownerId }).where('id', '=', key.id).execute();
      await recordAudit(tx, caller, now, {
        action: 'api_key.hand_over',
        resource: { id: key.id, name: key.name },
      });
    } else {
      await tx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', key.id).execute();
      await recordAudit(tx, caller, now, {
        action: 'api_key.revoke',
        resource: { id: key.id, name: key.name },
      });
    }
  }
}

/**
 * A person deleting their account: their keys would otherwise live on as the owner's (a key whose
 * maker is gone acts as the owner), in the hands of someone who no longer belongs anywhere here.
 * Returns the workspaces whose keys were revoked.
 */
export async function revokeKeysOfAccount(
  db: Kysely<Database>,
  person: { id: string; name: string },
  now: number,
): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const keys = await tx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('created_by', '=', person.id)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name', 'workspace_id'])
      .execute();
    for (const key of keys) {
      const caller = {
        workspaceId: key.workspace_id,
        actorId: person.id,
        actorName: person.name,
        apiKeyId: null,
        address: null,
      };
      await recordAudit(tx, caller, now, {
        action: 'api_key.revoke',
        resource: { id: key.id, name: key.name },
      });
    }
    return [...new Set(keys.map((key) => key.workspace_id))];
  });
}
