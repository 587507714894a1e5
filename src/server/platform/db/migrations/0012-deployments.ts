// Deployments (recorded by the API, by hand or by provider webhooks), the monitors each one
// affects, the per-account webhook receivers, and why a check ran out of its schedule
// (a deployment's trigger_checks) on the monitor and on its results.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const deployments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deployments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('version', 'text')
      .addColumn('environment', 'text', (col) => col.notNull())
      .addColumn('commit_sha', 'text')
      .addColumn('branch', 'text')
      .addColumn('url', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('provider_url', 'text')
      .addColumn('delivery_key', 'text')
      .addColumn('deployed_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('deployments_delivery_unique', ['user_id', 'provider', 'delivery_key'])
      .execute();
    await db.schema
      .createIndex('deployments_user_idx')
      .on('deployments')
      .columns(['user_id', 'deployed_at', 'id'])
      .execute();

    await db.schema
      .createTable('deployment_monitors')
      .addColumn('deployment_id', 'text', (col) =>
        col.notNull().references('deployments.id').onDelete('cascade'),
      )
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('triggered', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('deployment_monitors_pk', ['deployment_id', 'monitor_id'])
      .execute();
    await db.schema
      .createIndex('deployment_monitors_monitor_idx')
      .on('deployment_monitors')
      .column('monitor_id')
      .execute();

    await db.schema
      .createTable('deployment_webhooks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('secret_sealed', 'text', (col) => col.notNull())
      .addColumn('secret_hint', 'text', (col) => col.notNull())
      .addColumn('last_delivery_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('deployment_webhooks_provider_unique', ['user_id', 'provider'])
      .execute();

    await db.schema.alterTable('monitors').addColumn('check_reason', 'text').execute();
    await db.schema.alterTable('check_results').addColumn('reason', 'text').execute();
  },
};
