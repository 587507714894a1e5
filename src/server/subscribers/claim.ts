// Claims due subscriber deliveries with a lease, as alert deliveries are claimed: SKIP LOCKED on
// PostgreSQL lets any number of workers share them without double sends; SQLite has one writer.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

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
  return db
    .with('due', (qb) => {
      const due = qb
        .selectFrom('status_page_deliveries')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .limit(limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .updateTable('status_page_deliveries')
    .from('due')
    .whereRef('status_page_deliveries.id', '=', 'due.id')
    .set({ claimed_until: sql<number>`cast(${now + leaseMs} as bigint)` })
    .returningAll();
}
