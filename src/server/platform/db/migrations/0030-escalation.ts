// Escalation and acknowledgement (issue 19): a workspace's escalation policies (ordered steps of
// channels, each followed by a wait, the last one optionally repeated), the policy a monitor
// chooses (none: the workspace's default), and on each incident where its escalation stands and
// who acknowledged it, how. `next_escalation_at` is the escalation job's due column: null once
// nothing more is to fire, so the partial index holds only incidents still escalating.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const escalation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('escalation_policies')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('repeat_every_minutes', 'integer')
      .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('escalation_policies_user_idx')
      .on('escalation_policies')
      .columns(['user_id', 'created_at'])
      .execute();
    // One default per workspace, whatever two requests race to do.
    await db.schema
      .createIndex('escalation_policies_default_idx')
      .on('escalation_policies')
      .column('user_id')
      .unique()
      .where(sql<boolean>`is_default = 1`)
      .execute();

    await db.schema
      .createTable('escalation_steps')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('policy_id', 'text', (col) =>
        col.notNull().references('escalation_policies.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('wait_minutes', 'integer', (col) => col.notNull())
      .addUniqueConstraint('escalation_steps_position_unique', ['policy_id', 'position'])
      .execute();

    // A channel deleted leaves the steps that named it (the job then falls back to the account email).
    await db.schema
      .createTable('escalation_step_channels')
      .addColumn('step_id', 'text', (col) =>
        col.notNull().references('escalation_steps.id').onDelete('cascade'),
      )
      .addColumn('channel_id', 'text', (col) =>
        col.notNull().references('alert_channels.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('escalation_step_channels_pk', ['step_id', 'channel_id'])
      .execute();
    await db.schema
      .createIndex('escalation_step_channels_channel_idx')
      .on('escalation_step_channels')
      .column('channel_id')
      .execute();

    await db.schema
      .alterTable('monitors')
      .addColumn('escalation_policy_id', 'text', (col) =>
        col.references('escalation_policies.id').onDelete('set null'),
      )
      .execute();
    await db.schema
      .createIndex('monitors_escalation_policy_idx')
      .on('monitors')
      .column('escalation_policy_id')
      .where(sql<boolean>`escalation_policy_id is not null`)
      .execute();

    // SQLite adds one column per statement.
    const incidentColumns = [
      ['escalation_policy_id', 'text', 'escalation_policies.id'],
      ['acknowledged_by', 'text', 'user.id'],
    ] as const;
    for (const [column, type, target] of incidentColumns) {
      await db.schema
        .alterTable('incidents')
        .addColumn(column, type, (col) => col.references(target).onDelete('set null'))
        .execute();
    }
    await db.schema
      .alterTable('incidents')
      .addColumn('escalation_round', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('incidents').addColumn('next_escalation_at', 'bigint').execute();
    await db.schema.alterTable('incidents').addColumn('acknowledged_via', 'text').execute();
    await db.schema.alterTable('incidents').addColumn('acknowledged_label', 'text').execute();
    await db.schema
      .createIndex('incidents_next_escalation_idx')
      .on('incidents')
      .columns(['next_escalation_at', 'id'])
      .where(sql<boolean>`next_escalation_at is not null`)
      .execute();
  },
};
