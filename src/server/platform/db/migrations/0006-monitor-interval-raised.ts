// When a plan change slows a monitor to the new plan's minimum, the interval it had before is
// kept so its settings tab can say what happened; editing the interval clears it.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const monitorIntervalRaised: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('monitors').addColumn('interval_raised_from_seconds', 'integer').execute();
  },
};
