// Claims due alert deliveries with a lease, the way the check scheduler claims due monitors:
// on PostgreSQL SKIP LOCKED lets any number of workers claim at once without double sends;
// SQLite has a single writer, so the plain subquery is already exclusive.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { AlertDeliveryTable } from '../db/incident-schema.ts';
import type { Database } from '../db/schema.ts';

/** The claim statement (tests explain it). */
export function claimDueDeliveriesQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, limit, leaseMs }: { now: number; limit: number; leaseMs: number },
) {
  const isDue = (eb: ExpressionBuilder<Database, 'alert_deliveries'>) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('next_attempt_at', '<=', now),
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]),
    ]);
  return db
    .with('due', (qb) => {
      const due = qb
        .selectFrom('alert_deliveries')
        .select('id')
        .where(isDue)
        .orderBy('next_attempt_at')
        .limit(limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .updateTable('alert_deliveries')
    .from('due')
    .whereRef('alert_deliveries.id', '=', 'due.id')
    .set({ claimed_until: sql<number>`cast(${now + leaseMs} as bigint)` })
    .returningAll();
}

export async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; limit: number; leaseMs: number },
): Promise<AlertDeliveryTable[]> {
  return claimDueDeliveriesQuery(db, dialect, options).execute();
}
