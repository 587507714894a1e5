// Sign-ups per fixed hour, per client address (across every page) and per page, counted in the
// database so several `upwatch serve` processes share one count. One atomic upsert per key, the
// same statement on SQLite and PostgreSQL (like the API key rate window).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

export const SIGNUP_WINDOW_MS = 3_600_000;
export const SIGNUPS_PER_ADDRESS = 5;
export const SIGNUPS_PER_PAGE = 100;

export type SignupDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

async function count(db: Kysely<Database>, key: string, windowStart: number): Promise<number> {
  const { attempts } = await db
    .insertInto('status_page_signup_windows')
    .values({ key, window_start: windowStart, attempts: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ attempts: sql<number>`status_page_signup_windows.attempts + 1` }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return Number(attempts);
}

/**
 * Counts one sign-up for the page and, when known, the client's address. In-process requests
 * (tests) have no address; behind a proxy it is the one TRUST_PROXY names.
 */
export async function countSignup(
  db: Kysely<Database>,
  pageId: string,
  address: string | null,
  now: number,
): Promise<SignupDecision> {
  const windowStart = now - (now % SIGNUP_WINDOW_MS);
  const forPage = await count(db, `page:${pageId}`, windowStart);
  // The page's first sign-up of the hour clears every earlier hour: the table holds one or two.
  if (forPage === 1) {
    await db.deleteFrom('status_page_signup_windows').where('window_start', '<', windowStart).execute();
  }
  const forAddress = address === null ? 0 : await count(db, `address:${address}`, windowStart);
  if (forPage <= SIGNUPS_PER_PAGE && forAddress <= SIGNUPS_PER_ADDRESS) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + SIGNUP_WINDOW_MS - now) / 1000)),
  };
}
