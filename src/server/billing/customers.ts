// Billing customers: created with the user (id = user id) holding every default product, and
// presented as BILLING.md §3's Customer object.

import { customerFeatures } from '../../core/billing/aggregate.ts';
import { activation } from '../../core/billing/attach-preview.ts';
import type { Catalogue, CustomerProduct } from '../../core/billing/types.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { applyChanges } from './apply-changes.ts';
import { presentInvoice } from './invoices.ts';
import { type Db, liveEntitlements, loadEntitlements, loadProducts, lockCustomer } from './store.ts';

export interface CustomerIdentity {
  id: string;
  name?: string | null;
  email?: string | null;
  fingerprint?: string | null;
}

export const CUSTOMER_EXPANDS = [
  'invoices',
  'rewards',
  'trials_used',
  'entities',
  'referrals',
  'payment_method',
] as const;
export type CustomerExpand = (typeof CUSTOMER_EXPANDS)[number];

/**
 * Get-or-create. The insert and the default products share one transaction, so two first
 * requests at once make one customer (BILLING.md §11.6), never two or a half-made one.
 */
export async function ensureCustomer(
  db: Db,
  dialect: Dialect,
  catalogue: Catalogue,
  identity: CustomerIdentity,
  now: number,
): Promise<void> {
  const existing = await db
    .selectFrom('billing_customers')
    .select('id')
    .where('id', '=', identity.id)
    .executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('billing_customers')
      .values({
        id: identity.id,
        name: identity.name ?? null,
        email: identity.email ?? null,
        fingerprint: identity.fingerprint ?? null,
        metadata: '{}',
        payment_method: null,
        credit_cents: 0,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await lockCustomer(tx, dialect, identity.id);
    const groups = new Set<string>();
    const changes = catalogue.products
      .filter((product) => {
        if (!product.is_default || groups.has(product.group)) return false;
        groups.add(product.group);
        return true;
      })
      .map((product) => activation(product, null, [], now, null, null, null));
    await applyChanges({ tx, catalogue, customerId: identity.id, now }, changes);
  });
}

function presentProduct(product: CustomerProduct) {
  return {
    id: product.id,
    name: product.name,
    group: product.group,
    status: product.status,
    canceled_at: product.canceled_at,
    started_at: product.started_at,
    is_default: product.is_default,
    is_add_on: product.is_add_on,
    version: product.version,
    current_period_start: product.current_period_start,
    current_period_end: product.current_period_end,
    ...(product.trial_ends_at != null ? { trial_ends_at: product.trial_ends_at } : {}),
    entity_id: product.entity_id ?? null,
    quantity: 1,
    items: product.items,
  };
}

/** BILLING.md §3 Customer, with the requested expansions. */
export async function presentCustomer(
  db: Db,
  catalogue: Catalogue,
  customerId: string,
  expand: readonly CustomerExpand[] = [],
) {
  const row = await db
    .selectFrom('billing_customers')
    .selectAll()
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const products = await loadProducts(db, customerId);
  const entitlements = liveEntitlements(await loadEntitlements(db, customerId), products);
  const customer: Record<string, unknown> = {
    id: row.id,
    created_at: row.created_at,
    name: row.name,
    email: row.email,
    fingerprint: row.fingerprint,
    stripe_id: null,
    env: 'sandbox',
    metadata: JSON.parse(row.metadata),
    products: products.map(presentProduct),
    features: customerFeatures(entitlements, catalogue),
  };
  if (expand.includes('invoices')) {
    const invoices = await db
      .selectFrom('billing_invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    customer.invoices = invoices.map(presentInvoice);
  }
  if (expand.includes('entities')) {
    customer.entities = await db
      .selectFrom('billing_entities')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .execute();
  }
  if (expand.includes('trials_used')) {
    const trials = await db
      .selectFrom('billing_trials')
      .selectAll()
      .where('customer_id', '=', customerId)
      .execute();
    customer.trials_used = trials.map((t) => ({
      product_id: t.product_id,
      customer_id: t.customer_id,
      fingerprint: t.fingerprint,
    }));
  }
  if (expand.includes('referrals')) {
    const redemptions = await db
      .selectFrom('billing_redemptions')
      .selectAll()
      .where('referrer_id', '=', customerId)
      .orderBy('created_at')
      .execute();
    customer.referrals = redemptions.map((r) => ({
      customer_id: r.redeemer_id,
      program_id: r.program_id,
      created_at: r.created_at,
    }));
  }
  if (expand.includes('rewards')) {
    customer.rewards = { credit_balance: row.credit_cents / 100, currency: 'usd' };
  }
  if (expand.includes('payment_method')) {
    customer.payment_method = row.payment_method ? JSON.parse(row.payment_method) : null;
  }
  return customer;
}
