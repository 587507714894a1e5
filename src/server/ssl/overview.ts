// What the security tab and the list badge read: owner-scoped by the caller (the monitor row was
// fetched with the owner's id) or by a join on monitors.workspace_id.
import type { Kysely } from 'kysely';
import type { Certificate, CertificateChange, SslBadge, SslOverview } from '../../core/api/ssl.ts';
import { daysRemaining } from '../checks/ssl-problems.ts';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { toSslCheck } from './check-rows.ts';

/** The history of certificate changes the tab shows; older ones are left out. */
export const MAX_CERTIFICATES = 50;

export async function getSslOverview(db: Kysely<Database>, monitor: MonitorTable): Promise<SslOverview> {
  if (kindOf(monitor).certificateUrl(monitor) === null)
    return { applicable: false, current: null, certificates: [], nextCheckAt: null };
  const [latest, state, certificates] = await Promise.all([
    db
      .selectFrom('ssl_checks')
      .selectAll()
      .where('monitor_id', '=', monitor.id)
      .orderBy('checked_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('monitor_ssl_state')
      .select('next_check_at')
      .where('monitor_id', '=', monitor.id)
      .executeTakeFirst(),
    listCertificates(db, monitor.id),
  ]);
  return {
    applicable: true,
    current: latest ? toSslCheck(latest) : null,
    certificates,
    nextCheckAt: monitor.paused ? null : (state?.next_check_at ?? null),
  };
}

/** Each distinct certificate the monitor served, newest first. */
async function listCertificates(db: Kysely<Database>, monitorId: string): Promise<CertificateChange[]> {
  const rows = await db
    .selectFrom('ssl_checks')
    .select((eb) => [
      'fingerprint_sha256',
      eb.fn.max('certificate').as('certificate'),
      eb.fn.min('checked_at').as('first_seen_at'),
      eb.fn.max('checked_at').as('last_seen_at'),
    ])
    .where('monitor_id', '=', monitorId)
    .where('fingerprint_sha256', 'is not', null)
    .groupBy('fingerprint_sha256')
    .orderBy('first_seen_at', 'desc')
    .limit(MAX_CERTIFICATES)
    .execute();
  return rows.map((row) => {
    const certificate = JSON.parse(String(row.certificate)) as Certificate;
    return {
      fingerprintSha256: certificate.fingerprintSha256,
      subjectCn: certificate.subjectCn,
      issuer: certificate.issuer,
      validFrom: certificate.validFrom,
      validTo: certificate.validTo,
      firstSeenAt: Number(row.first_seen_at),
      lastSeenAt: Number(row.last_seen_at),
    };
  });
}

/**
 * The certificates behind a page's badges. CROSS JOIN keeps SQLite on the page's ids first: with
 * an inner join its planner read every monitor of the owner (1.7 ms at 8,000) to find the page's
 * fifty. PostgreSQL plans it as any join.
 */
export function sslBadgesQuery(db: Kysely<Database>, workspaceId: string, monitorIds: readonly string[]) {
  return db
    .selectFrom('monitor_ssl_state')
    .crossJoin('monitors')
    .whereRef('monitors.id', '=', 'monitor_ssl_state.monitor_id')
    .select(['monitor_ssl_state.monitor_id', 'monitor_ssl_state.valid_to', 'monitor_ssl_state.problem_count'])
    .where('monitors.workspace_id', '=', workspaceId)
    .where('monitor_ssl_state.monitor_id', 'in', monitorIds)
    .where('monitor_ssl_state.valid_to', 'is not', null);
}

/** The list badges of a page of the owner's monitors, in one query. */
export async function listSslBadges(
  db: Kysely<Database>,
  workspaceId: string,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, SslBadge>> {
  if (monitorIds.length === 0) return new Map();
  const rows = await sslBadgesQuery(db, workspaceId, monitorIds).execute();
  return new Map(
    rows.map((row) => {
      const validTo = row.valid_to ?? 0;
      const badge = { daysRemaining: daysRemaining(validTo, now), validTo, problemCount: row.problem_count };
      return [row.monitor_id, badge];
    }),
  );
}
