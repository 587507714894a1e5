// Which https monitors' certificates are due, claimed with a lease the way the check scheduler
// claims monitors: SKIP LOCKED on PostgreSQL lets any number of workers claim without double
// checks; SQLite has a single writer, so the plain subquery is already exclusive.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { MonitorSslStateTable } from '../db/ssl-schema.ts';
import { newSslState } from './state.ts';

const httpsOnly = (eb: ExpressionBuilder<Database, 'monitors'>) =>
  eb.and([
    eb('paused', '=', 0),
    eb(eb.fn('lower', [eb.fn('substr', ['url', sql.lit(1), sql.lit(6)])]), '=', 'https:'),
  ]);

/**
 * Gives every https monitor without a state row one, due at once: new monitors, and those that
 * existed before certificate checks did. Existing rows are left alone.
 */
export async function seedSslStates(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('monitor_ssl_state')
    .columns(['monitor_id', 'next_check_at'])
    .expression((eb) =>
      eb
        .selectFrom('monitors')
        .select(['monitors.id', sql<number>`cast(${now} as bigint)`.as('next_check_at')])
        .where(httpsOnly)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('monitor_ssl_state')
                .select('monitor_ssl_state.monitor_id')
                .whereRef('monitor_ssl_state.monitor_id', '=', 'monitors.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.column('monitor_id').doNothing())
    .execute();
}

export async function claimDueSslStates(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, limit, workerId, leaseMs }: { now: number; limit: number; workerId: string; leaseMs: number },
): Promise<MonitorSslStateTable[]> {
  return db
    .with('due', (qb) => {
      const due = qb
        .selectFrom('monitor_ssl_state')
        .select('monitor_id')
        .where('next_check_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .where('monitor_id', 'in', (eb) => eb.selectFrom('monitors').select('id').where(httpsOnly))
        .orderBy('next_check_at')
        .limit(limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .updateTable('monitor_ssl_state')
    .from('due')
    .whereRef('monitor_ssl_state.monitor_id', '=', 'due.monitor_id')
    .set({ claimed_until: sql<number>`cast(${now + leaseMs} as bigint)`, claimed_by: workerId })
    .returningAll()
    .execute();
}

/**
 * The HTTP check saw these certificates: a monitor whose leaf differs from the one last seen
 * gets its certificate check now. One read per batch; writes only for the changes.
 */
export async function markChangedCertificates(
  db: Kysely<Database>,
  seen: ReadonlyMap<string, string>,
  now: number,
): Promise<void> {
  if (seen.size === 0) return;
  const known = await db
    .selectFrom('monitor_ssl_state')
    .select(['monitor_id', 'last_fingerprint'])
    .where('monitor_id', 'in', [...seen.keys()])
    .execute();
  const last = new Map(known.map((row) => [row.monitor_id, row.last_fingerprint]));
  for (const [monitorId, fingerprint] of seen) {
    if (last.get(monitorId) === fingerprint) continue;
    await db
      .insertInto('monitor_ssl_state')
      .values(newSslState(monitorId, now, { last_fingerprint: fingerprint }))
      .onConflict((oc) =>
        oc.column('monitor_id').doUpdateSet({ next_check_at: now, last_fingerprint: fingerprint }),
      )
      .execute();
  }
}
