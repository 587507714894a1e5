// Billing rows <-> the pure engine's shapes (src/core/billing). Every balance change runs in
// one transaction that first locks the customer row, so concurrent writers queue instead of
// reading the same balance twice.
import type { Kysely, Transaction } from 'kysely';
import type { Entitlement } from '../../core/billing/balances.ts';
import type { CustomerProduct, Product, ProductItem, ProductOption } from '../../core/billing/types.ts';
import type { BillingCustomerTable, BillingProductTable } from '../platform/db/billing-schema.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { lockingRead } from '../platform/db/row-locks.ts';
import type { Database } from '../platform/db/schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/** What a customer product row keeps of the catalogue product it was bought as. */
export interface ProductSnapshot {
  name: string;
  group: string;
  is_add_on: boolean;
  is_default: boolean;
  items: ProductItem[];
}

export function snapshotOf(product: Product): string {
  const snapshot: ProductSnapshot = {
    name: product.name,
    group: product.group,
    is_add_on: product.is_add_on,
    is_default: product.is_default,
    items: product.items,
  };
  return JSON.stringify(snapshot);
}

export function toCustomerProduct(row: BillingProductTable): CustomerProduct {
  const snapshot = JSON.parse(row.snapshot) as ProductSnapshot;
  return {
    row_id: row.id,
    id: row.product_id,
    ...snapshot,
    version: row.version,
    status: row.status as CustomerProduct['status'],
    canceled_at: row.canceled_at,
    started_at: row.started_at,
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    trial_ends_at: row.trial_ends_at,
    entity_id: row.entity_id,
    options: JSON.parse(row.options) as ProductOption[],
  };
}

/** Locks and returns the customer row (PostgreSQL row lock; SQLite has one writer already). */
export async function lockCustomer(
  tx: Tx,
  dialect: Dialect,
  customerId: string,
): Promise<BillingCustomerTable | undefined> {
  const query = tx.selectFrom('billing_customers').selectAll().where('id', '=', customerId);
  return lockingRead(dialect, query).executeTakeFirst();
}

export async function getCustomerRow(db: Db, customerId: string) {
  return db.selectFrom('billing_customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

/** The customer's products that still matter (everything but expired ones). */
export async function loadProducts(db: Db, customerId: string): Promise<CustomerProduct[]> {
  const rows = await db
    .selectFrom('billing_products')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'expired')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toCustomerProduct);
}

export async function loadEntitlements(db: Db, customerId: string): Promise<Entitlement[]> {
  const rows = await db
    .selectFrom('billing_entitlements')
    .select('data')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.data) as Entitlement);
}

/** Entitlements of products that grant access now: active, trialing or past_due. */
export function liveEntitlements(
  entitlements: readonly Entitlement[],
  products: readonly CustomerProduct[],
): Entitlement[] {
  const live = new Set(
    products
      .filter((p) => p.status === 'active' || p.status === 'trialing' || p.status === 'past_due')
      .map((p) => p.row_id),
  );
  return entitlements.filter((e) => e.customer_product_id === null || live.has(e.customer_product_id));
}

export async function insertEntitlement(tx: Tx, customerId: string, entitlement: Entitlement) {
  await tx
    .insertInto('billing_entitlements')
    .values({
      id: entitlement.id,
      customer_id: customerId,
      customer_product_id: entitlement.customer_product_id,
      feature_id: entitlement.feature_id,
      next_reset_at: entitlement.next_reset_at,
      data: JSON.stringify(entitlement),
    })
    .execute();
}

/** Writes back the entitlements whose content changed. */
export async function saveEntitlements(
  tx: Tx,
  before: readonly Entitlement[],
  after: readonly Entitlement[],
): Promise<void> {
  const old = new Map(before.map((e) => [e.id, JSON.stringify(e)]));
  for (const entitlement of after) {
    const data = JSON.stringify(entitlement);
    if (old.get(entitlement.id) === data) continue;
    await tx
      .updateTable('billing_entitlements')
      .set({ data, next_reset_at: entitlement.next_reset_at })
      .where('id', '=', entitlement.id)
      .execute();
  }
}

export async function trialsUsed(db: Db, customer: BillingCustomerTable): Promise<string[]> {
  let query = db.selectFrom('billing_trials').select('product_id').where('customer_id', '=', customer.id);
  if (customer.fingerprint) {
    const fingerprint = customer.fingerprint;
    query = db
      .selectFrom('billing_trials')
      .select('product_id')
      .where((eb) => eb.or([eb('customer_id', '=', customer.id), eb('fingerprint', '=', fingerprint)]));
  }
  return (await query.execute()).map((row) => row.product_id);
}
