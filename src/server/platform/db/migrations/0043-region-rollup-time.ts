// Each region's uptime by time too (issue 39, item 3): a region's own checks each stand for the
// time until that region's next one. Rows written before this are filled in as their checks
// times the monitor's interval, the reading the old figures implied.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const regionRollupTime: Migration = {
  async up(db) {
    for (const column of ['up_ms', 'down_ms']) {
      await db.schema
        .alterTable('region_rollups_daily')
        .addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    }
    const interval = sql`(select monitors.interval_seconds * 1000 from monitors where monitors.id = region_rollups_daily.monitor_id)`;
    await sql`update region_rollups_daily set
      up_ms = up_checks * ${interval},
      down_ms = (checks - up_checks) * ${interval}`.execute(db);
  },
};
