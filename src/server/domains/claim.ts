// Which domains are due for an RDAP lookup, claimed with a lease the way certificate checks are
// (db/claim.ts: no two workers look the same domain up): an index search on next_check_at.
import { type Kysely, sql } from 'kysely';
import { claimDue, dueRows, leaseUntil } from '../platform/db/claim.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { DomainExpiryTable } from '../platform/db/domain-schema.ts';
import type { Database } from '../platform/db/schema.ts';

/**
 * Gives every watched domain without a row one, due at once. syncMonitorDomain already does; this
 * heals the race where a lookup finding no watcher dropped the row as a monitor linked to it.
 */
export async function seedDomainRows(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('domain_expiry')
    .columns(['domain', 'next_check_at'])
    .expression((eb) =>
      eb
        .selectFrom('monitor_domains')
        .select(['monitor_domains.domain', sql<number>`cast(0 as bigint)`.as('next_check_at')])
        .distinct()
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('domain_expiry')
                .select('domain_expiry.domain')
                .whereRef('domain_expiry.domain', '=', 'monitor_domains.domain'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.column('domain').doNothing())
    .execute();
}

export interface DomainClaimOptions {
  now: number;
  limit: number;
  workerId: string;
  leaseMs: number;
}

function dueDomains(db: Kysely<Database>, { now, limit }: DomainClaimOptions) {
  return db
    .selectFrom('domain_expiry')
    .select('domain')
    .where('next_check_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('next_check_at')
    .limit(limit);
}

/** The due-domains subquery on its own, as the claim reads it, so a test can ask the planner how it runs. */
export function dueDomainsQuery(db: Kysely<Database>, dialect: Dialect, options: DomainClaimOptions) {
  return dueRows(dialect, dueDomains(db, options));
}

export async function claimDueDomains(
  db: Kysely<Database>,
  dialect: Dialect,
  options: DomainClaimOptions,
): Promise<DomainExpiryTable[]> {
  const { now, workerId, leaseMs } = options;
  return claimDue(db, dialect, {
    table: 'domain_expiry',
    key: 'domain',
    due: dueDomains(db, options),
    set: { claimed_until: leaseUntil(now + leaseMs), claimed_by: workerId },
  }).execute();
}
