// Which registrable domain a monitor watches for expiry. The monitor service calls this inside its
// create/update transaction with the monitor's host (its URL's host, the TCP host, the DNS name);
// the domain job looks each watched domain up at most once a day, however many monitors share it.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import { registrableDomain } from './registrable.ts';

/**
 * Records the monitor's opt-in (monitors.domain_expiry) and its link to the registrable domain
 * of `host`: none when off, for IP addresses and for unknown suffixes. A new domain is due for
 * lookup at once; a changed domain starts the monitor's warnings over. Returns the domain watched.
 */
export async function syncMonitorDomain(
  tx: Kysely<Database>,
  monitorId: string,
  host: string | null,
  enabled: boolean,
): Promise<string | null> {
  await sql`update monitors set domain_expiry = ${enabled ? 1 : 0} where id = ${monitorId}`.execute(tx);
  const domain = enabled && host ? registrableDomain(host) : null;
  const link = await tx
    .selectFrom('monitor_domains')
    .select('domain')
    .where('monitor_id', '=', monitorId)
    .executeTakeFirst();
  if (link?.domain === domain) return domain;
  if (link) {
    await tx.deleteFrom('monitor_domains').where('monitor_id', '=', monitorId).execute();
    await dropUnwatched(tx, link.domain);
  }
  if (domain) {
    await tx
      .insertInto('domain_expiry')
      .values(newDomainRow(domain))
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
    await tx
      .insertInto('monitor_domains')
      .values({ monitor_id: monitorId, domain, warned_expires_at: null, warned_days: '[]' })
      .execute();
  }
  return domain;
}

/** A domain no monitor watches any more is forgotten (looked up afresh if one watches it again). */
async function dropUnwatched(tx: Kysely<Database>, domain: string): Promise<void> {
  await tx
    .deleteFrom('domain_expiry')
    .where('domain', '=', domain)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('monitor_domains').select('monitor_id').where('domain', '=', domain))),
    )
    .execute();
}

export function newDomainRow(domain: string) {
  return {
    domain,
    expires_at: null,
    registrar: null,
    checked_at: null,
    error_code: null,
    error: null,
    next_check_at: 0,
    claimed_until: null,
    claimed_by: null,
  };
}
