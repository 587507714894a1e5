// The local billing engine's storage (BILLING.md): customers, the products they hold, the
// balances those grant, usage events, invoices, entities, referrals and sandbox checkouts.
// Money is integer cents; times are epoch ms; JSON is text.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const billing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('billing_customers')
      .addColumn('id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('fingerprint', 'text')
      .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('payment_method', 'text')
      .addColumn('credit_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('billing_products')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'text', (col) => col.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      // The product as bought (name, group, flags, items): a later catalogue change never reprices it.
      .addColumn('snapshot', 'text', (col) => col.notNull())
      .addColumn('options', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('canceled_at', 'bigint')
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('current_period_start', 'bigint')
      .addColumn('current_period_end', 'bigint')
      .addColumn('trial_ends_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('granted_manually', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('billing_products_customer_idx')
      .on('billing_products')
      .columns(['customer_id', 'status'])
      .execute();

    await db.schema
      .createTable('billing_entitlements')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('customer_product_id', 'text', (col) =>
        col.references('billing_products.id').onDelete('cascade'),
      )
      .addColumn('feature_id', 'text', (col) => col.notNull())
      .addColumn('next_reset_at', 'bigint')
      // The whole src/core/billing Entitlement; every change rewrites it under the customer lock.
      .addColumn('data', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('billing_entitlements_customer_idx')
      .on('billing_entitlements')
      .column('customer_id')
      .execute();
    await db.schema
      .createIndex('billing_entitlements_reset_idx')
      .on('billing_entitlements')
      .column('next_reset_at')
      .execute();

    await db.schema
      .createTable('billing_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('event_name', 'text', (col) => col.notNull())
      .addColumn('value', 'double precision', (col) => col.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('properties', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('timestamp', 'bigint', (col) => col.notNull())
      .execute();
    // NULL keys are distinct on both dialects, so only keyed events are deduplicated.
    await db.schema
      .createIndex('billing_events_idempotency_idx')
      .on('billing_events')
      .columns(['customer_id', 'event_name', 'idempotency_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('billing_events_query_idx')
      .on('billing_events')
      .columns(['customer_id', 'timestamp'])
      .execute();

    await db.schema
      .createTable('billing_invoices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('lines', 'text', (col) => col.notNull())
      .addColumn('product_ids', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('billing_invoices_customer_idx')
      .on('billing_invoices')
      .columns(['customer_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('billing_entities')
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('name', 'text')
      .addColumn('feature_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('billing_entities_pk', ['customer_id', 'id'])
      .execute();

    await db.schema
      .createTable('billing_referral_codes')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('program_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('billing_referral_codes_owner_uq', ['customer_id', 'program_id'])
      .execute();
    await db.schema
      .createTable('billing_redemptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('program_id', 'text', (col) => col.notNull())
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('referrer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('redeemer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('billing_redemptions_once_uq', ['redeemer_id', 'program_id'])
      .execute();

    await db.schema
      .createTable('billing_trials')
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'text', (col) => col.notNull())
      .addColumn('fingerprint', 'text')
      .addPrimaryKeyConstraint('billing_trials_pk', ['customer_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('billing_checkouts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) =>
        col.notNull().references('billing_customers.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('request', 'text', (col) => col.notNull())
      .addColumn('success_url', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('completed_at', 'bigint')
      .execute();
  },
};
