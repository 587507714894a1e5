// What the security tab's domain card and the dashboard badge read: owner-scoped by the caller
// (the monitor row was fetched with the owner's id) or by a join on monitors.user_id.
import { type Kysely, sql } from 'kysely';
import type { DomainBadge, DomainExpiry } from '../../core/api/domains.ts';
import type { Database, MonitorTable } from '../db/schema.ts';
import { daysUntil } from './warnings.ts';

export async function getDomainExpiry(
  db: Kysely<Database>,
  monitor: Pick<MonitorTable, 'id' | 'paused'>,
  now: number,
): Promise<DomainExpiry> {
  const [opt, row] = await Promise.all([
    db
      .selectFrom('monitors')
      .select(sql<number>`domain_expiry`.as('enabled'))
      .where('id', '=', monitor.id)
      .executeTakeFirst(),
    db
      .selectFrom('monitor_domains')
      .leftJoin('domain_expiry', 'domain_expiry.domain', 'monitor_domains.domain')
      .select([
        'monitor_domains.domain',
        'domain_expiry.expires_at',
        'domain_expiry.registrar',
        'domain_expiry.checked_at',
        'domain_expiry.error_code',
        'domain_expiry.error',
        'domain_expiry.next_check_at',
      ])
      .where('monitor_domains.monitor_id', '=', monitor.id)
      .executeTakeFirst(),
  ]);
  const expiresAt = row?.expires_at ?? null;
  return {
    enabled: Number(opt?.enabled ?? 0) === 1,
    domain: row?.domain ?? null,
    expiresAt,
    daysRemaining: expiresAt === null ? null : daysUntil(expiresAt, now),
    registrar: row?.registrar ?? null,
    checkedAt: row?.checked_at ?? null,
    error: row?.error_code ? { code: row.error_code, message: row.error ?? '' } : null,
    nextCheckAt: monitor.paused || !row ? null : Math.max(row.next_check_at ?? now, now),
  };
}

/** The dashboard badges of a page of the owner's monitors, in one query. */
export async function listDomainBadges(
  db: Kysely<Database>,
  userId: string,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, DomainBadge>> {
  if (monitorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('monitor_domains')
    .innerJoin('monitors', 'monitors.id', 'monitor_domains.monitor_id')
    .innerJoin('domain_expiry', 'domain_expiry.domain', 'monitor_domains.domain')
    .select(['monitor_domains.monitor_id', 'domain_expiry.expires_at'])
    .where('monitors.user_id', '=', userId)
    .where('monitor_domains.monitor_id', 'in', monitorIds)
    .where('domain_expiry.expires_at', 'is not', null)
    .execute();
  return new Map(
    rows.map((row) => {
      const expiresAt = row.expires_at ?? 0;
      return [row.monitor_id, { expiresAt, daysRemaining: daysUntil(expiresAt, now) }];
    }),
  );
}
