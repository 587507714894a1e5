// Claims due subscriber deliveries with a lease, as alert deliveries are claimed (db/claim.ts: no
// two workers send the same delivery).
import type { Kysely } from 'kysely';
import { claimDue, leaseUntil } from '../../platform/db/claim.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import type { Database } from '../../platform/db/schema.ts';

export interface ClaimOptions {
  now: number;
  limit: number;
  leaseMs: number;
}

/** The claim statement (job-query-plans.test.ts explains it). */
export function claimDueSubscriberDeliveriesQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, limit, leaseMs }: ClaimOptions,
) {
  return claimDue(db, dialect, {
    table: 'status_page_deliveries',
    key: 'id',
    due: db
      .selectFrom('status_page_deliveries')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(limit),
    set: { claimed_until: leaseUntil(now + leaseMs) },
  });
}
