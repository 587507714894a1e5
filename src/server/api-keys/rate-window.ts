// Requests per key per fixed minute, counted in the database so every `upwatch serve` process
// sharing one PostgreSQL sees the same count. One atomic upsert per request; the statement is
// the same on SQLite (3.35+) and PostgreSQL, so it needs no entry in db/dialect.ts.
import { type Kysely, sql } from 'kysely';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../core/api/api-keys.ts';
import type { Database } from '../platform/db/schema.ts';

export const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function countRequest(db: Kysely<Database>, keyId: string, now: number): Promise<RateDecision> {
  const windowStart = now - (now % WINDOW_MS);
  const { requests } = await db
    .insertInto('api_key_windows')
    .values({ key_id: keyId, window_start: windowStart, requests: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'window_start'])
        .doUpdateSet({ requests: sql<number>`api_key_windows.requests + 1` }),
    )
    .returning('requests')
    .executeTakeFirstOrThrow();
  // The first request of a window clears the key's older windows: each key keeps one or two rows.
  if (requests === 1) {
    await db
      .deleteFrom('api_key_windows')
      .where('key_id', '=', keyId)
      .where('window_start', '<', windowStart)
      .execute();
  }
  if (requests <= API_KEY_REQUESTS_PER_MINUTE) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)),
  };
}
