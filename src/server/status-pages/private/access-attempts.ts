// Password attempts per page and client address in fixed 15-minute windows, counted in the
// database so every `upwatch serve` process sees the same count (one atomic upsert per attempt,
// the statement the same on SQLite and PostgreSQL). Counted before the password is hashed, so a
// guesser past the limit costs no scrypt.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

export const ACCESS_WINDOW_MS = 15 * 60_000;
export const ACCESS_ATTEMPTS_PER_WINDOW = 5;

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function countAttempt(
  db: Kysely<Database>,
  pageId: string,
  address: string,
  now: number,
): Promise<AttemptDecision> {
  const windowStart = now - (now % ACCESS_WINDOW_MS);
  const { attempts } = await db
    .insertInto('status_page_access_windows')
    .values({ status_page_id: pageId, address, window_start: windowStart, attempts: 1 })
    .onConflict((oc) =>
      oc
        .columns(['status_page_id', 'address', 'window_start'])
        .doUpdateSet({ attempts: sql<number>`status_page_access_windows.attempts + 1` }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  // An address's first attempt of a window clears the page's earlier windows, so a page keeps
  // little more than its current window's rows.
  if (attempts === 1) {
    await db
      .deleteFrom('status_page_access_windows')
      .where('status_page_id', '=', pageId)
      .where('window_start', '<', windowStart)
      .execute();
  }
  if (attempts <= ACCESS_ATTEMPTS_PER_WINDOW) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + ACCESS_WINDOW_MS - now) / 1000)),
  };
}
