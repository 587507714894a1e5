// Real-user monitoring (issue 42): each performance site's RUM settings, and its visitors' page
// views as one row per site, hour (and again per day), route and device class holding each
// vital's sketch. A row's
// size depends on the spread of the values, not on how many page views it holds.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const realUserMonitoring: Migration = {
  async up(db, types) {
    await db.schema
      .createTable('rum_sites')
      .addColumn('site_id', 'text', (col) =>
        col.primaryKey().references('performance_sites.id').onDelete('cascade'),
      )
      .addColumn('workspace_id', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('sample_rate', 'double precision', (col) => col.notNull())
      .addColumn('allowed_origins', 'text', (col) => col.notNull())
      .addColumn('routes', 'text', (col) => col.notNull())
      .addColumn('first_page_view_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    // The same rows by UTC day (hour_at is the day's first hour): a 90-day window reads 90 rows
    // a route and device, not 2,160.
    for (const table of ['rum_hours', 'rum_days']) {
      await sql`create table ${sql.table(table)} (
        site_id text not null references performance_sites (id) on delete cascade,
        hour_at bigint not null,
        route text not null,
        device text not null,
        workspace_id text not null,
        page_views integer not null,
        metrics text not null,
        primary key (site_id, hour_at, route, device)
      ) ${types.clusteredTable}`.execute(db);
    }
  },
};
