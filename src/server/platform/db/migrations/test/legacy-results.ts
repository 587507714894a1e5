// check_results as releases before 0022 stored it (a UUID per row, text codes), for the
// migration tests that build such a database and migrate it in place.
import type { Kysely } from 'kysely';
import type { ResultRecord } from '../../../../history/result-store.ts';
import type { CheckMeasures, Database } from '../../schema.ts';

export interface LegacyCheckResult extends CheckMeasures {
  id: string;
  monitor_id: string;
  checked_at: number;
  region: string;
  status: 'up' | 'down' | 'degraded';
  failure_code: string | null;
  failure_message: string | null;
  confirmation: number;
  /** From 0012. */
  reason?: string | null;
  /** From 0016. */
  facts?: string | null;
}

export type LegacyDatabase = Omit<Database, 'check_results'> & { check_results: LegacyCheckResult };

/** The same database, typed as a release before 0022 left it. */
export function legacy(db: Kysely<Database>): Kysely<LegacyDatabase> {
  return db as unknown as Kysely<LegacyDatabase>;
}

/** What a legacy row reads as once migrated (a null failure message reads as ''). */
export function legacyRecord(row: LegacyCheckResult): ResultRecord {
  const { id: _, ...rest } = row;
  return {
    ...rest,
    checked_at: Number(row.checked_at),
    failure_message: row.failure_code === null ? null : (row.failure_message ?? ''),
    confirmation: row.confirmation === 1,
    reason: row.reason === 'deployment' ? 'deployment' : null,
    facts: row.facts ?? null,
  };
}
