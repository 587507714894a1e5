// API key verbs for a workspace (list, create, revoke) and the bearer check every /api/v1 request
// with `Authorization: Bearer …` goes through. Every query is scoped by the workspace's id.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { ApiKey, CreatedApiKey, NewApiKey } from '../../core/api/api-keys.ts';
import { recordAudit } from '../audit/record.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../platform/clock.ts';
import type { ApiKeyTable } from '../platform/db/api-key-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { publishAccessChange } from '../platform/events/access-changes.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { createBearerAuthenticator } from './authenticate.ts';
import { apiAccessGate } from './gate.ts';
import { generateApiKey, hashApiKey, visiblePrefix } from './key-material.ts';
import { workspaceOwnerId } from './key-owner.ts';

/** More live keys than this is a leak waiting to happen, not a need. */
export const MAX_KEYS_PER_USER = 50;

export interface ApiKeyDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  /** Told of every revocation, so streams opened with the key end at once (in every process). */
  events: EventBus;
}

function toApiKey(
  row: ApiKeyTable,
  createdBy: string | null,
  owner: ApiKey['owner'],
  workspaceOwnerId: string | null,
): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdBy,
    owner,
    ownerKey: row.created_by !== null && row.created_by === workspaceOwnerId,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

export function createApiKeyService({ db, clock, entitlements, events }: ApiKeyDeps) {
  const gate = apiAccessGate(entitlements);

  /** The workspace's keys that were not revoked, newest first (expired ones too, to show why they fail). */
  async function list(workspaceId: string): Promise<ApiKey[]> {
    const rows = await db
      .selectFrom('api_keys')
      .leftJoin('user as maker', 'maker.id', 'api_keys.created_by')
      // The person a key acts as: its maker, or the owner once the maker's account is gone.
      .leftJoin('user as person', (join) =>
        join.on((eb) => eb('person.id', '=', eb.fn.coalesce('api_keys.created_by', workspaceOwnerId))),
      )
      .selectAll('api_keys')
      .select(['maker.name as creatorName', 'person.id as personId', 'person.name as personName'])
      .select(workspaceOwnerId.as('workspaceOwnerId'))
      .where('api_keys.workspace_id', '=', workspaceId)
      .where('api_keys.revoked_at', 'is', null)
      .orderBy('api_keys.created_at', 'desc')
      .orderBy('api_keys.id', 'desc')
      .execute();
    return rows.map((row) =>
      toApiKey(
        row,
        row.creatorName,
        row.personId && row.personName ? { userId: row.personId, name: row.personName } : null,
        row.workspaceOwnerId,
      ),
    );
  }

  async function create(caller: Caller, { name, expiresAt, role }: NewApiKey): Promise<CreatedApiKey> {
    const { workspaceId } = caller;
    await gate(workspaceId);
    const now = clock.now();
    if (expiresAt !== null && expiresAt <= now)
      throw new ApiError(422, 'expiry_in_past', 'Choose an expiry date in the future.');
    const { live } = await db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('live'))
      .where('workspace_id', '=', workspaceId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(live) >= MAX_KEYS_PER_USER)
      throw new ApiError(
        409,
        'api_key_limit_reached',
        `A workspace can hold ${MAX_KEYS_PER_USER} API keys. Revoke one you no longer use.`,
      );
    const key = generateApiKey();
    const row: ApiKeyTable = {
      id: uuidv7(),
      workspace_id: workspaceId,
      created_by: caller.actorId,
      role,
      name,
      prefix: visiblePrefix(key),
      hash: hashApiKey(key),
      created_at: now,
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    };
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('api_keys').values(row).execute();
      await recordAudit(tx, caller, now, { action: 'api_key.create', resource: { id: row.id, name } });
    });
    const { ownerId } = await db
      .selectFrom('api_keys')
      .select(workspaceOwnerId.as('ownerId'))
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const owner = { userId: caller.actorId, name: caller.actorName };
    return { ...toApiKey(row, caller.actorName, owner, ownerId), key };
  }

  /** Revokes a key; only the owner revokes the owner's own keys (an admin cannot lock them out). */
  async function revoke(caller: Caller, id: string): Promise<void> {
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const key = await tx
        .selectFrom('api_keys')
        .select(['name', 'created_by', workspaceOwnerId.as('ownerId')])
        .where('id', '=', id)
        .where('workspace_id', '=', caller.workspaceId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!key) throw new ApiError(404, 'api_key_not_found', 'No API key with that id in this workspace.');
      if (key.created_by !== null && key.created_by === key.ownerId && caller.actorId !== key.ownerId)
        throw new ApiError(
          403,
          'owner_key_protected',
          "Only the workspace's owner may revoke the owner's API keys.",
        );
      await tx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute();
      await recordAudit(tx, caller, now, { action: 'api_key.revoke', resource: { id, name: key.name } });
    });
    publishAccessChange(events, { workspaceId: caller.workspaceId, personId: null });
  }

  return { list, create, revoke, authenticate: createBearerAuthenticator({ db, clock, gate }) };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
