// What an API key may do now: it acts as its person (its maker, or the workspace's owner once the
// maker's account is gone) and never with more rights than that person holds in the workspace
// today. Read on every request and when an open event stream checks again whom it serves.
import type { Kysely } from 'kysely';
import type { ApiKeyRole } from '../../core/api/api-keys.ts';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../core/roles.ts';
import type { Database } from '../platform/db/schema.ts';
import { workspaceOwnerId } from './key-owner.ts';

/** The less trusted of the two: a member's key of a person demoted to viewer only reads. */
export function cappedRole(keyRole: ApiKeyRole, personRole: WorkspaceRole): WorkspaceRole {
  return WORKSPACE_ROLES.indexOf(personRole) > WORKSPACE_ROLES.indexOf(keyRole) ? personRole : keyRole;
}

export type KeyLookup = { hash: string } | { id: string };

/** The key, the person it acts as, and that person's role in the key's workspace (null: left it). */
export function findKeyAccess(db: Kysely<Database>, lookup: KeyLookup) {
  return db
    .selectFrom('api_keys')
    .innerJoin('user', (join) =>
      join.on((eb) => eb('user.id', '=', eb.fn.coalesce('api_keys.created_by', workspaceOwnerId))),
    )
    .leftJoin('member', (join) =>
      join
        .onRef('member.organizationId', '=', 'api_keys.workspace_id')
        .onRef('member.userId', '=', 'user.id'),
    )
    .select([
      'api_keys.id as keyId',
      'api_keys.workspace_id as workspaceId',
      'api_keys.role as keyRole',
      'member.role as personRole',
      'api_keys.expires_at as expiresAt',
      'api_keys.revoked_at as revokedAt',
      'api_keys.last_used_at as lastUsedAt',
      'user.id as userId',
      'user.name',
      'user.email',
      'user.timezone',
      'user.createdAt',
      'user.twoFactorEnabled',
    ])
    .where(
      'hash' in lookup ? 'api_keys.hash' : 'api_keys.id',
      '=',
      'hash' in lookup ? lookup.hash : lookup.id,
    )
    .executeTakeFirst();
}

/** The role a key works with now, or null when it may not be used at all. */
export function keyRoleNow(
  row: {
    keyRole: ApiKeyRole;
    personRole: WorkspaceRole | null;
    revokedAt: number | null;
    expiresAt: number | null;
  },
  now: number,
): WorkspaceRole | null {
  if (row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now) || row.personRole === null)
    return null;
  return cappedRole(row.keyRole, row.personRole);
}
