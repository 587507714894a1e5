// Budgets on real visitors' figures (issue 42, item 5): episodes and alerts say which kind of
// budget they belong to (field CLS is not lab CLS), a field episode has no run behind it, and each
// field budget keeps its streaks of breached and healthy hours.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';
import { rebuildTable, withoutForeignKeys } from './sqlite-rebuild.ts';

const STARTED_RUN = '"started_run_id" text not null';

export const fieldBudgets: Migration = {
  async up(db, types) {
    if (types.dialect === 'postgres') {
      await sql`alter table budget_violations alter column started_run_id drop not null`.execute(db);
    } else {
      await withoutForeignKeys(db, () =>
        rebuildTable(db, 'budget_violations', (definition) =>
          definition.replace(STARTED_RUN, '"started_run_id" text'),
        ),
      );
    }
    for (const table of ['budget_violations', 'performance_alerts']) {
      await db.schema
        .alterTable(table)
        .addColumn('source', 'text', (col) => col.notNull().defaultTo('lab'))
        .execute();
    }
    await sql`create table field_budget_streaks (
      site_id text not null references performance_sites (id) on delete cascade,
      metric text not null,
      workspace_id text not null,
      budget text not null,
      evaluated_hour_at bigint not null,
      breached_hours integer not null,
      healthy_hours integer not null,
      p75 double precision,
      page_views integer not null,
      primary key (site_id, metric)
    ) ${types.clusteredTable}`.execute(db);
  },
};
