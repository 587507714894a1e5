// Claims due alert deliveries with a lease, the way the check scheduler claims due monitors
// (db/claim.ts: no two workers send the same alert).
import type { ExpressionBuilder, Kysely } from 'kysely';
import { claimDue, leaseUntil } from '../platform/db/claim.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { AlertDeliveryTable } from '../platform/db/incident-schema.ts';
import type { Database } from '../platform/db/schema.ts';

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
  return claimDue(db, dialect, {
    table: 'alert_deliveries',
    key: 'id',
    due: db.selectFrom('alert_deliveries').select('id').where(isDue).orderBy('next_attempt_at').limit(limit),
    set: { claimed_until: leaseUntil(now + leaseMs) },
  });
}

export async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; limit: number; leaseMs: number },
): Promise<AlertDeliveryTable[]> {
  return claimDueDeliveriesQuery(db, dialect, options).execute();
}
