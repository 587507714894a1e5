// Alert channels (their config sealed with a key derived from SECRET_KEY), which channels each
// monitor's alerts go to (none chosen: the account email), and the outbox that keeps mail
// when no SMTP server is configured.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const alertChannels: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_channels')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('config', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('alert_channels_user_idx')
      .on('alert_channels')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('monitor_alert_channels')
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('channel_id', 'text', (col) =>
        col.notNull().references('alert_channels.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('monitor_alert_channels_pk', ['monitor_id', 'channel_id'])
      .execute();
    await db.schema
      .createIndex('monitor_alert_channels_channel_idx')
      .on('monitor_alert_channels')
      .column('channel_id')
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.references('user.id').onDelete('cascade'))
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('html', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('outbox_user_idx').on('outbox').columns(['user_id', 'created_at']).execute();
  },
};
