// `Authorization: Bearer <key>` → the key's workspace, its role there (capped by the role its
// person holds today) and the person it acts as. In order: a well-formed, known, unrevoked,
// unexpired key whose person still belongs to the workspace (else 401 invalid_api_key), within
// its requests per minute (else 429 with Retry-After), whose workspace still has API access
// (else 403 feature_not_in_plan).
import type { Kysely } from 'kysely';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../core/api/api-keys.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { BearerAuthenticator } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { ApiAccessGate } from './gate.ts';
import { findKeyAccess, keyRoleNow } from './key-access.ts';
import { hashApiKey, looksLikeApiKey } from './key-material.ts';
import { countRequest } from './rate-window.ts';

/** Last-used times are written at most this often per key, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const WHERE_TO_MANAGE = 'Create a new key in Settings → API Documentation.';

function invalid(message: string): ApiError {
  // RFC 6750: a refused bearer token says which scheme the route expects.
  return new ApiError(401, 'invalid_api_key', message, {
    'WWW-Authenticate': 'Bearer realm="upwatch", error="invalid_token"',
  });
}

export function createBearerAuthenticator({
  db,
  clock,
  gate,
}: {
  db: Kysely<Database>;
  clock: Clock;
  gate: ApiAccessGate;
}): BearerAuthenticator {
  return async (token) => {
    if (!looksLikeApiKey(token))
      throw invalid('The Authorization header does not hold an Upwatch API key (Bearer uw_live_…).');
    const row = await findKeyAccess(db, { hash: hashApiKey(token) });
    if (!row) throw invalid(`This API key is not known. ${WHERE_TO_MANAGE}`);
    if (row.revokedAt !== null) throw invalid(`This API key was revoked. ${WHERE_TO_MANAGE}`);
    const now = clock.now();
    if (row.expiresAt !== null && row.expiresAt <= now)
      throw invalid(`This API key expired on ${new Date(row.expiresAt).toISOString()}. ${WHERE_TO_MANAGE}`);
    // Removal revokes a person's keys; this holds even for a membership ended some other way.
    const role = keyRoleNow(row, now);
    if (role === null)
      throw invalid(`This API key's owner no longer belongs to the workspace. ${WHERE_TO_MANAGE}`);

    const rate = await countRequest(db, row.keyId, now);
    if (!rate.allowed)
      throw new ApiError(
        429,
        'rate_limited',
        `An API key may make ${API_KEY_REQUESTS_PER_MINUTE} requests a minute. Retry in ${rate.retryAfterSeconds} s.`,
        { 'Retry-After': String(rate.retryAfterSeconds) },
      );
    await gate(row.workspaceId);
    if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
      // Guarded in SQL too, so several processes seeing the same stale value write once.
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', row.keyId)
        .where((eb) =>
          eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USED_RESOLUTION_MS)]),
        )
        .execute();
    }
    return {
      keyId: row.keyId,
      // A key is no person: the workspace's two-factor rule is about signing in.
      workspace: { id: row.workspaceId, role, requireTwoFactor: false },
      user: {
        id: row.userId,
        name: row.name,
        email: row.email,
        timezone: row.timezone ?? 'UTC',
        createdAt: new Date(row.createdAt).getTime(),
        twoFactorEnabled: Boolean(row.twoFactorEnabled),
      },
    };
  };
}
