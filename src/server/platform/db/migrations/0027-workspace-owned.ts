// What a workspace owns hangs from the workspace (issue 18): the owner column of each table
// (`user_id`, or the billing customer's id) referenced the person until now, which kept every
// workspace a personal one. It now references the organization, so a person can make more
// workspaces, and deleting a workspace takes its things with it. No value changes: each row's
// owner is a personal workspace whose id is the person's (migration 0023).
import { type Kysely, sql } from 'kysely';
import { foreignKeyOf } from './foreign-keys.ts';
import type { Migration } from './migration.ts';
import { rebuildTable, withoutForeignKeys } from './sqlite-rebuild.ts';

/** Each table a workspace owns, and its owner column. */
export const WORKSPACE_OWNED: readonly (readonly [string, string])[] = [
  ['monitors', 'user_id'],
  ['billing_customers', 'id'],
  ['incidents', 'user_id'],
  ['alert_channels', 'user_id'],
  ['alert_deliveries', 'user_id'],
  ['outbox', 'user_id'],
  ['status_pages', 'user_id'],
  ['api_keys', 'user_id'],
  ['deployments', 'user_id'],
  ['deployment_webhooks', 'user_id'],
  ['performance_sites', 'user_id'],
  ['retention_owner_plans', 'user_id'],
];

const USER_REFERENCE = 'references "user" ("id")';

async function repointPostgres(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const name = await foreignKeyOf(db, table, column);
  await sql`alter table ${sql.table(table)}
    drop constraint ${sql.id(name)},
    add constraint ${sql.id(`${table}_workspace_fkey`)} foreign key (${sql.id(column)})
      references organization (id) on delete cascade`.execute(db);
}

export const workspaceOwned: Migration = {
  async up(db, types) {
    if (types.dialect === 'postgres') {
      for (const [table, column] of WORKSPACE_OWNED) await repointPostgres(db, table, column);
      return;
    }
    await withoutForeignKeys(db, async () => {
      for (const [table] of WORKSPACE_OWNED) {
        await rebuildTable(db, table, (definition) => {
          if (definition.split(USER_REFERENCE).length !== 2)
            throw new Error(`${table}: expected one reference to "user"`);
          return definition.replace(USER_REFERENCE, 'references "organization" ("id")');
        });
      }
    });
  },
};
