// Which https monitors' certificates are due, claimed with a lease the way the check scheduler
// claims monitors (db/claim.ts: no two workers check the same certificate).
//
// Each poll costs what is due: a state row's `active` flag (https and not paused) is kept in
// step with its monitor by `syncSslStates`, so the claim searches one partial index and never
// looks at monitors. The sync reads only monitors changed since its last run (monitors'
// updated_at index), plus one walk over all monitors, a page per poll, when a worker starts.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { claimDue, leaseUntil } from '../platform/db/claim.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Database } from '../platform/db/schema.ts';
import type { MonitorSslStateTable } from '../platform/db/ssl-schema.ts';
import { newSslState } from './state.ts';

type MonitorWhere = (eb: ExpressionBuilder<Database, 'monitors'>) => Expression<SqlBool>;

/** Unpaused, and its target speaks TLS: the kinds' `certificateUrl` is set exactly for these. */
const checked: MonitorWhere = (eb) =>
  eb.and([
    eb('paused', '=', 0),
    eb(eb.fn('lower', [eb.fn('substr', ['url', sql.lit(1), sql.lit(6)])]), 'in', ['https:', 'tls://']),
  ]);

/** Matches the partial index's predicate literally, so both planners can use it. */
const ACTIVE = sql<boolean>`active = 1`;

/**
 * Brings the state rows of the monitors `scope` selects in step with them: an https, unpaused
 * monitor without a row gets one due at once; rows turn active or inactive as their monitor
 * does. Inactive rows keep their certificate memory (warnings sent), so a monitor paused and
 * resumed does not warn again.
 */
export async function syncSslStates(db: Kysely<Database>, now: number, scope: MonitorWhere): Promise<void> {
  await db
    .insertInto('monitor_ssl_state')
    .columns(['monitor_id', 'next_check_at', 'active'])
    .expression((eb) =>
      eb
        .selectFrom('monitors')
        .select([
          'monitors.id',
          sql<number>`cast(${now} as bigint)`.as('next_check_at'),
          sql.lit(1).as('active'),
        ])
        .where(scope)
        .where(checked),
    )
    .onConflict((oc) =>
      oc.column('monitor_id').doUpdateSet({ active: 1 }).where('monitor_ssl_state.active', '=', 0),
    )
    .execute();
  await db
    .updateTable('monitor_ssl_state')
    .set({ active: 0 })
    .where(ACTIVE)
    .where('monitor_id', 'in', (eb) =>
      eb
        .selectFrom('monitors')
        .select('id')
        .where(scope)
        .where((m) => m.not(checked(m))),
    )
    .execute();
}

/** Monitors changed at or after `since` (an index search on monitors.updated_at). */
export const changedSince =
  (since: number): MonitorWhere =>
  (eb) =>
    eb('updated_at', '>=', since);

/** The next page of the start-up walk: ids after `after`, up to and including `last`. */
export async function nextMonitorPage(
  db: Kysely<Database>,
  after: string,
  size: number,
): Promise<{ scope: MonitorWhere; last: string; full: boolean } | null> {
  const ids = await db
    .selectFrom('monitors')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(size)
    .execute();
  const last = ids.at(-1)?.id;
  if (last === undefined) return null;
  return {
    scope: (eb) => eb.and([eb('id', '>', after), eb('id', '<=', last)]),
    last,
    full: ids.length === size,
  };
}

export interface SslClaimOptions {
  now: number;
  limit: number;
  workerId: string;
  leaseMs: number;
}

/** The claim statement itself (tests explain it). */
export function claimDueSslStatesQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, limit, workerId, leaseMs }: SslClaimOptions,
) {
  return claimDue(db, dialect, {
    table: 'monitor_ssl_state',
    key: 'monitor_id',
    due: db
      .selectFrom('monitor_ssl_state')
      .select('monitor_id')
      .where(ACTIVE)
      .where('next_check_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_check_at')
      .limit(limit),
    set: { claimed_until: leaseUntil(now + leaseMs), claimed_by: workerId },
  });
}

export async function claimDueSslStates(
  db: Kysely<Database>,
  dialect: Dialect,
  options: SslClaimOptions,
): Promise<MonitorSslStateTable[]> {
  return claimDueSslStatesQuery(db, dialect, options).execute();
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
  const changed = [...seen].filter(([monitorId, fingerprint]) => last.get(monitorId) !== fingerprint);
  if (changed.length === 0) return;
  // A monitor seen for the first time: is its certificate checked (https, not paused)?
  const fresh = changed.filter(([monitorId]) => !last.has(monitorId)).map(([monitorId]) => monitorId);
  const active = new Set(
    fresh.length === 0
      ? []
      : (await db.selectFrom('monitors').select('id').where('id', 'in', fresh).where(checked).execute()).map(
          (row) => row.id,
        ),
  );
  for (const [monitorId, fingerprint] of changed) {
    await db
      .insertInto('monitor_ssl_state')
      .values(
        newSslState(monitorId, now, { last_fingerprint: fingerprint, active: active.has(monitorId) ? 1 : 0 }),
      )
      .onConflict((oc) =>
        oc.column('monitor_id').doUpdateSet({ next_check_at: now, last_fingerprint: fingerprint }),
      )
      .execute();
  }
}
