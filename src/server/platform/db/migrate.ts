import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Dialect } from './connect.ts';
import { dialectTypes } from './dialect.ts';
import { accounts } from './migrations/0001-accounts.ts';
import { monitors } from './migrations/0002-monitors.ts';
import { statusChanges } from './migrations/0003-status-changes.ts';
import { checkResultsClustered } from './migrations/0004-check-results-clustered.ts';
import { billing } from './migrations/0005-billing.ts';
import { monitorIntervalRaised } from './migrations/0006-monitor-interval-raised.ts';
import { incidents } from './migrations/0007-incidents.ts';
import { alertChannels } from './migrations/0008-alert-channels.ts';
import { sslChecks } from './migrations/0009-ssl-checks.ts';
import { statusPages } from './migrations/0010-status-pages.ts';
import { apiKeys } from './migrations/0011-api-keys.ts';
import { deployments } from './migrations/0012-deployments.ts';
import { performance } from './migrations/0013-performance.ts';
import { digests } from './migrations/0014-digests.ts';
import { retentionIndexes } from './migrations/0015-retention-indexes.ts';
import { monitorKinds } from './migrations/0016-monitor-kinds.ts';
import { dueIndexes } from './migrations/0017-due-indexes.ts';
import { domainExpiry } from './migrations/0018-domain-expiry.ts';
import { heartbeats } from './migrations/0019-heartbeats.ts';
import { httpAssertions } from './migrations/0020-http-assertions.ts';
import { digestNextSend } from './migrations/0021-digest-next-send.ts';
import { compactCheckResults } from './migrations/0022-compact-check-results.ts';
import { workspaces } from './migrations/0023-workspaces.ts';
import { twoFactor } from './migrations/0024-two-factor.ts';
import { workspaceApiKeys } from './migrations/0025-workspace-api-keys.ts';
import { auditEvents } from './migrations/0026-audit-events.ts';
import { workspaceOwned } from './migrations/0027-workspace-owned.ts';
import { notesOutliveAuthors } from './migrations/0028-notes-outlive-authors.ts';
import { maintenanceWindows } from './migrations/0029-maintenance-windows.ts';
import { escalation } from './migrations/0030-escalation.ts';
import { quietAlerts } from './migrations/0031-quiet-alerts.ts';
import { statusPageSubscribers } from './migrations/0032-status-page-subscribers.ts';
import { statusPageDomains } from './migrations/0033-status-page-domains.ts';
import { statusPageLayout } from './migrations/0034-status-page-layout.ts';
import { workers } from './migrations/0035-workers.ts';
import { subscriberLanguage } from './migrations/0036-subscriber-language.ts';
import { managedKeys } from './migrations/0037-managed-keys.ts';
import { claimIndexes } from './migrations/0038-claim-indexes.ts';
import { monitorRegions } from './migrations/0039-monitor-regions.ts';
import { maintenanceCompleted } from './migrations/0040-maintenance-completed.ts';
import { packedCheckHours } from './migrations/0041-packed-check-hours.ts';
import { rollupTime } from './migrations/0042-rollup-time.ts';
import { regionRollupTime } from './migrations/0043-region-rollup-time.ts';
import { domainClaims } from './migrations/0044-domain-claims.ts';
import { workspaceIds } from './migrations/0045-workspace-ids.ts';
import { realUserMonitoring } from './migrations/0046-real-user-monitoring.ts';
import { fieldBudgets } from './migrations/0047-field-budgets.ts';
import { performanceSiteKeys } from './migrations/0048-performance-site-keys.ts';
import type { Migration } from './migrations/migration.ts';

/** In order; a name never changes once released. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-monitors': monitors,
  '0003-status-changes': statusChanges,
  '0004-check-results-clustered': checkResultsClustered,
  '0005-billing': billing,
  '0006-monitor-interval-raised': monitorIntervalRaised,
  '0007-incidents': incidents,
  '0008-alert-channels': alertChannels,
  '0009-ssl-checks': sslChecks,
  '0010-status-pages': statusPages,
  '0011-api-keys': apiKeys,
  '0012-deployments': deployments,
  '0013-performance': performance,
  '0014-digests': digests,
  '0015-retention-indexes': retentionIndexes,
  '0016-monitor-kinds': monitorKinds,
  '0017-due-indexes': dueIndexes,
  '0018-domain-expiry': domainExpiry,
  '0019-heartbeats': heartbeats,
  '0020-http-assertions': httpAssertions,
  '0021-digest-next-send': digestNextSend,
  '0022-compact-check-results': compactCheckResults,
  '0023-workspaces': workspaces,
  '0024-two-factor': twoFactor,
  '0025-workspace-api-keys': workspaceApiKeys,
  '0026-audit-events': auditEvents,
  '0027-workspace-owned': workspaceOwned,
  '0028-notes-outlive-authors': notesOutliveAuthors,
  '0029-maintenance-windows': maintenanceWindows,
  '0030-escalation': escalation,
  '0031-quiet-alerts': quietAlerts,
  '0032-status-page-subscribers': statusPageSubscribers,
  '0033-status-page-domains': statusPageDomains,
  '0034-status-page-layout': statusPageLayout,
  '0035-workers': workers,
  '0036-subscriber-language': subscriberLanguage,
  '0037-managed-keys': managedKeys,
  '0038-claim-indexes': claimIndexes,
  '0039-monitor-regions': monitorRegions,
  '0040-maintenance-completed': maintenanceCompleted,
  '0041-packed-check-hours': packedCheckHours,
  '0042-rollup-time': rollupTime,
  '0043-region-rollup-time': regionRollupTime,
  '0044-domain-claims': domainClaims,
  '0045-workspace-ids': workspaceIds,
  '0046-real-user-monitoring': realUserMonitoring,
  '0047-field-budgets': fieldBudgets,
  '0048-performance-site-keys': performanceSiteKeys,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Applies pending migrations; running it again is a no-op. `until` stops after the named one
 * (tests build a database as an earlier release left it, then migrate it in place).
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  db: Kysely<any>,
  dialect: Dialect,
  until?: string,
): Promise<string[]> {
  const types = dialectTypes(dialect);
  const migrator = new Migrator({
    db,
    // Kysely looks for its bookkeeping tables in every schema unless told which one; with two
    // Upwatch schemas in one PostgreSQL database it would find the other's.
    ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
    // Migrations are numbered when written, so two written side by side can be released in
    // either order (0005 reached some databases before 0004 existed): each runs once, whatever
    // came first. Migrations that depend on each other still run in name order when both are new.
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, migration]) => [
            name,
            { up: (tx: Kysely<unknown>) => migration.up(tx, types) },
          ]),
        ),
    },
  });
  const { error, results }: MigrationResultSet = until
    ? await migrator.migrateTo(until)
    : await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason =
      error instanceof Error ? error.message || String((error as { code?: unknown }).code) : String(error);
    throw new MigrationError(failed ? `migration ${failed} failed: ${reason}` : reason, { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new MigrationError('PostgreSQL has no current schema: check search_path.');
  return schema;
}
