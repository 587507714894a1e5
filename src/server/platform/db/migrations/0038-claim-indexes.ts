// The check job's claim searches only monitors it can take (issue 17). The due index held every
// unpaused monitor by next_run_at, so each claim stepped over all the monitors already claimed
// and due (a whole round of in-flight checks at 100,000 monitors: ~6 ms a claim) before it found
// a free one. Now free monitors have their own partial index, and claims have one by lease end,
// which finds a dead worker's expired leases and a worker's own claims directly.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const claimIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('monitors_unclaimed_due_idx')
      .ifNotExists()
      .on('monitors')
      .column('next_run_at')
      .where(sql<boolean>`paused = 0 and claimed_until is null`)
      .execute();
    await db.schema
      .createIndex('monitors_claimed_until_idx')
      .ifNotExists()
      .on('monitors')
      .column('claimed_until')
      .where(sql<boolean>`claimed_until is not null`)
      .execute();
    await db.schema.dropIndex('monitors_due_idx').ifExists().execute();
  },
};
