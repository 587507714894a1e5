// Stores one RDAP lookup with the warnings it calls for, in one transaction: the domain's row
// (expiry, registrar, error, next lookup a day later) and, for each opted-in, unpaused monitor
// watching it, a domain.expiring alert through its channels when it crossed a threshold. Never
// touches a monitor's status: an expiring domain is a warning, not downtime. A claim lost
// meanwhile (another worker took over) stores nothing.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import type { DomainExpiryTable } from '../platform/db/domain-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { RdapDomain } from './rdap-client.ts';
import type { RdapError } from './rdap-fetch.ts';
import { decideDomainWarning } from './warnings.ts';

/** Each domain is looked up at most this often, whatever the outcome. */
export const DOMAIN_CHECK_EVERY_MS = 24 * 3_600_000;

export type LookupOutcome = { ok: true; domain: RdapDomain } | { ok: false; error: RdapError };

export interface FinishedLookup {
  /** The row as claimed. */
  row: DomainExpiryTable;
  outcome: LookupOutcome;
  startedAt: number;
  workerId: string;
}

export async function recordDomainLookup(
  db: Kysely<Database>,
  { row, outcome, startedAt, workerId }: FinishedLookup,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('domain_expiry')
      .set({
        next_check_at: startedAt + DOMAIN_CHECK_EVERY_MS,
        claimed_until: null,
        claimed_by: null,
        checked_at: startedAt,
        // A failed lookup keeps what the last successful one read.
        expires_at: outcome.ok ? outcome.domain.expiresAt : row.expires_at,
        registrar: outcome.ok ? outcome.domain.registrar : row.registrar,
        error_code: outcome.ok ? null : outcome.error.code,
        error: outcome.ok ? null : outcome.error.message,
      })
      .where('domain', '=', row.domain)
      .where('claimed_by', '=', workerId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    if (outcome.ok) await warnWatchers(tx, row.domain, outcome.domain, startedAt);
    return true;
  });
}

async function warnWatchers(
  tx: Transaction<Database>,
  domain: string,
  found: RdapDomain,
  now: number,
): Promise<void> {
  const watchers = await tx
    .selectFrom('monitor_domains')
    .innerJoin('monitors', 'monitors.id', 'monitor_domains.monitor_id')
    .select([
      'monitors.id',
      'monitors.workspace_id',
      'monitors.name',
      'monitors.url',
      'monitor_domains.warned_expires_at',
      'monitor_domains.warned_days',
    ])
    .where('monitor_domains.domain', '=', domain)
    .where('monitors.paused', '=', 0)
    .where(sql<number>`monitors.domain_expiry`, '=', 1)
    .orderBy('monitors.id')
    .execute();
  for (const watcher of watchers) {
    const previous = { expiresAt: watcher.warned_expires_at, warnedDays: JSON.parse(watcher.warned_days) };
    const decision = decideDomainWarning(previous, found.expiresAt, now);
    if (decision.thresholdDays === undefined && previous.expiresAt === found.expiresAt) continue;
    await tx
      .updateTable('monitor_domains')
      .set({ warned_expires_at: found.expiresAt, warned_days: JSON.stringify(decision.next.warnedDays) })
      .where('monitor_id', '=', watcher.id)
      .execute();
    if (decision.thresholdDays === undefined) continue;
    const event: AlertEvent = {
      kind: 'domain.expiring',
      at: now,
      monitor: { id: watcher.id, name: watcher.name, url: watcher.url },
      incident: null,
      failure: null,
      downtimeMs: null,
      domain: {
        domain,
        expiresAt: found.expiresAt,
        daysRemaining: decision.daysRemaining,
        thresholdDays: decision.thresholdDays,
        registrar: found.registrar,
      },
    };
    await enqueueAlert(tx, { workspaceId: watcher.workspace_id, incidentId: null, event, now });
  }
}
