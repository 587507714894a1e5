// What the security tab's domain card and the dashboard badge read: owner-scoped by the caller
// (the monitor row was fetched with the owner's id) or by a join on monitors.workspace_id.
import { type Kysely, sql } from 'kysely';
import { DOMAIN_BADGE_DAYS, type DomainBadge, type DomainExpiry } from '../../core/api/domains.ts';
import { DAY_MS } from '../history/rollups.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
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

/**
 * The domains behind a page's badges: only those expiring within DOMAIN_BADGE_DAYS (or expired).
 * CROSS JOIN keeps SQLite on the page's ids first, not every monitor of the owner (ssl/overview.ts).
 */
export function domainBadgesQuery(
  db: Kysely<Database>,
  workspaceId: string,
  monitorIds: readonly string[],
  now: number,
) {
  return db
    .selectFrom('monitor_domains')
    .crossJoin('monitors')
    .whereRef('monitors.id', '=', 'monitor_domains.monitor_id')
    .innerJoin('domain_expiry', 'domain_expiry.domain', 'monitor_domains.domain')
    .select(['monitor_domains.monitor_id', 'monitor_domains.domain', 'domain_expiry.expires_at'])
    .where('monitors.workspace_id', '=', workspaceId)
    .where('monitor_domains.monitor_id', 'in', monitorIds)
    .where(sql<number>`monitors.domain_expiry`, '=', 1)
    .where('domain_expiry.expires_at', '<=', now + (DOMAIN_BADGE_DAYS + 1) * DAY_MS);
}

/**
 * The list badges of a page of the owner's monitors, in one query, so a row is not crowded by a
 * date nobody needs yet.
 */
export async function listDomainBadges(
  db: Kysely<Database>,
  workspaceId: string,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, DomainBadge>> {
  if (monitorIds.length === 0) return new Map();
  const rows = await domainBadgesQuery(db, workspaceId, monitorIds, now).execute();
  const badges = new Map<string, DomainBadge>();
  for (const row of rows) {
    const expiresAt = row.expires_at ?? 0;
    const daysRemaining = daysUntil(expiresAt, now);
    if (daysRemaining <= DOMAIN_BADGE_DAYS) {
      badges.set(row.monitor_id, { domain: row.domain, expiresAt, daysRemaining });
    }
  }
  return badges;
}
