// Uptime by time, not by checks (issue 39, item 3): rollups sum how long the monitor was up,
// down and in maintenance, each check standing for the time until the next one. Counting checks
// made a 25-second blip with two re-checks read 33 % for its hour. Rows written before this are
// filled in as their checks times the monitor's interval, the reading the old figures implied.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const rollupTime: Migration = {
  async up(db) {
    for (const table of ['rollups_hourly', 'rollups_daily']) {
      for (const column of ['up_ms', 'down_ms', 'maintenance_ms']) {
        await db.schema
          .alterTable(table)
          .addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      const interval = sql`(select monitors.interval_seconds * 1000 from monitors where monitors.id = ${sql.ref(`${table}.monitor_id`)})`;
      await sql`update ${sql.table(table)} set
        up_ms = up_checks * ${interval},
        down_ms = (checks - up_checks) * ${interval},
        maintenance_ms = maintenance_checks * ${interval}`.execute(db);
    }
  },
};
