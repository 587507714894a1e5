// Domains due for a lookup, claimed through claimDue the way any job claims its work: the rows
// the claim contract tests (claim.test.ts, claim.pg.test.ts) play with.
import type { Kysely } from 'kysely';
import { claimDue, leaseUntil } from '../claim.ts';
import type { Dialect } from '../connect.ts';
import type { Database } from '../schema.ts';

export const DOMAIN_LEASE_MS = 60_000;

/** Domains due `dueAt` (one each), by name. */
export async function insertDueDomains(db: Kysely<Database>, dueAt: readonly number[]): Promise<string[]> {
  const rows = dueAt.map((at, index) => ({ domain: `d${index}.com`, next_check_at: at }));
  await db.insertInto('domain_expiry').values(rows).execute();
  return rows.map((row) => row.domain);
}

/** Claims up to `limit` domains due at `now` (free, or their lease ran out) for `workerId`. */
export async function claimDomains(
  db: Kysely<Database>,
  dialect: Dialect,
  workerId: string,
  { now, limit = 10 }: { now: number; limit?: number },
): Promise<string[]> {
  const rows = await claimDue(db, dialect, {
    table: 'domain_expiry',
    key: 'domain',
    due: db
      .selectFrom('domain_expiry')
      .select('domain')
      .where('next_check_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_check_at')
      .limit(limit),
    set: { claimed_until: leaseUntil(now + DOMAIN_LEASE_MS), claimed_by: workerId },
  }).execute();
  return rows.map((row) => row.domain).sort();
}
