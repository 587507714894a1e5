// Stores the product changes a planner (attach, cancel, period job) decided, inside the
// caller's transaction: product rows, and the entitlements each live product grants.
import { uuidv7 } from 'uuidv7';
import { type Entitlement, grantEntitlement, startingBalance } from '../../core/billing/balances.ts';
import { findFeature, getProduct } from '../../core/billing/catalogue.ts';
import { billingUnits, isPrepaid, packsFor } from '../../core/billing/items.ts';
import type { ProductChange } from '../../core/billing/plan-types.ts';
import { quantityFor } from '../../core/billing/preview-lines.ts';
import type { Catalogue, Product, ProductItem, ProductOption } from '../../core/billing/types.ts';
import { insertEntitlement, loadEntitlements, snapshotOf, type Tx } from './store.ts';

export interface ApplyContext {
  tx: Tx;
  catalogue: Catalogue;
  customerId: string;
  now: number;
  /** Recorded on products attached without payment by an operator. */
  manual?: boolean;
}

type Activate = Extract<ProductChange, { kind: 'activate' }>;

/** Units used per feature of one product's entitlements: what a carry-over keeps. */
function usageByFeature(entitlements: readonly Entitlement[], rowId: string): Map<string, number> {
  const usage = new Map<string, number>();
  for (const e of entitlements) {
    if (e.customer_product_id !== rowId || e.unlimited) continue;
    const used = e.starting_balance + e.adjustment - e.balance;
    usage.set(e.feature_id, (usage.get(e.feature_id) ?? 0) + used);
  }
  return usage;
}

/** §4: continuous use carries over unless told to reset; single use starts fresh. */
function carries(item: ProductItem, catalogue: Catalogue): boolean {
  const type = item.feature_id ? findFeature(catalogue, item.feature_id)?.type : undefined;
  return !(item.reset_usage_when_enabled ?? type === 'single_use');
}

async function grantItems(
  ctx: ApplyContext,
  product: Product,
  rowId: string,
  options: readonly ProductOption[],
  anchor: number,
  carried: Map<string, number>,
) {
  const entities = await ctx.tx
    .selectFrom('billing_entities')
    .select(['id', 'feature_id'])
    .where('customer_id', '=', ctx.customerId)
    .execute();
  for (const item of product.items) {
    if (!item.feature_id) continue;
    const feature = findFeature(ctx.catalogue, item.feature_id);
    const entitlement = grantEntitlement({
      id: uuidv7(),
      item,
      isBoolean: feature?.type === 'boolean',
      customerProductId: rowId,
      isAddOn: product.is_add_on,
      options,
      anchor,
      now: ctx.now,
    });
    const used = carried.get(item.feature_id);
    if (used && !entitlement.unlimited && carries(item, ctx.catalogue)) {
      entitlement.balance -= used;
      carried.delete(item.feature_id);
    }
    if (item.entity_feature_id) {
      entitlement.entities = Object.fromEntries(
        entities
          .filter((row) => row.feature_id === item.entity_feature_id)
          .map((row) => [row.id, { balance: entitlement.starting_balance }]),
      );
    }
    await insertEntitlement(ctx.tx, ctx.customerId, entitlement);
  }
}

async function activate(ctx: ApplyContext, change: Activate, carried: Map<string, number>) {
  const product = getProduct(ctx.catalogue, change.product_id);
  const rowId = uuidv7();
  await ctx.tx
    .insertInto('billing_products')
    .values({
      id: rowId,
      customer_id: ctx.customerId,
      product_id: product.id,
      entity_id: change.entity_id,
      status: change.status,
      version: product.version,
      snapshot: snapshotOf(product),
      options: JSON.stringify(change.options),
      canceled_at: null,
      started_at: ctx.now,
      current_period_start: change.period_end === null ? null : change.period_start,
      current_period_end: change.period_end,
      trial_ends_at: change.trial_ends_at,
      ended_at: null,
      granted_manually: ctx.manual ? 1 : 0,
      created_at: ctx.now,
    })
    .execute();
  if (change.status === 'trialing') {
    const customer = await ctx.tx
      .selectFrom('billing_customers')
      .select('fingerprint')
      .where('id', '=', ctx.customerId)
      .executeTakeFirstOrThrow();
    await ctx.tx
      .insertInto('billing_trials')
      .values({ customer_id: ctx.customerId, product_id: product.id, fingerprint: customer.fingerprint })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await grantItems(ctx, product, rowId, change.options, change.period_start, carried);
  return rowId;
}

/** A new prepaid quantity moves the balance by the difference in packs (usage is kept). */
function withOptions(
  entitlement: Entitlement,
  item: ProductItem,
  options: readonly ProductOption[],
  add: boolean,
) {
  const start = startingBalance(item, options) ?? 0;
  if (add) {
    const units = packsFor(item, quantityFor(item, options)) * billingUnits(item);
    return {
      ...entitlement,
      starting_balance: entitlement.starting_balance + units,
      balance: entitlement.balance + units,
      included_usage: entitlement.included_usage + units,
    };
  }
  const delta = start - entitlement.starting_balance;
  return {
    ...entitlement,
    starting_balance: start,
    balance: entitlement.balance + delta,
    included_usage: start,
  };
}

async function changeOptions(ctx: ApplyContext, rowId: string, options: ProductOption[], add: boolean) {
  const row = await ctx.tx
    .selectFrom('billing_products')
    .selectAll()
    .where('id', '=', rowId)
    .executeTakeFirstOrThrow();
  const items = (JSON.parse(row.snapshot) as { items: ProductItem[] }).items;
  const current = JSON.parse(row.options) as ProductOption[];
  const merged = add
    ? items
        .filter((item) => item.feature_id && isPrepaid(item))
        .map((item) => ({
          feature_id: item.feature_id as string,
          quantity: quantityFor(item, current) + quantityFor(item, options),
        }))
    : options;
  await ctx.tx
    .updateTable('billing_products')
    .set({ options: JSON.stringify(merged) })
    .where('id', '=', rowId)
    .execute();
  const entitlements = (await loadEntitlements(ctx.tx, ctx.customerId)).filter(
    (e) => e.customer_product_id === rowId,
  );
  for (const entitlement of entitlements) {
    const item = items.find((i) => i.feature_id === entitlement.feature_id && isPrepaid(i));
    if (!item) continue;
    const next = withOptions(entitlement, item, options, add);
    await ctx.tx
      .updateTable('billing_entitlements')
      .set({ data: JSON.stringify(next) })
      .where('id', '=', entitlement.id)
      .execute();
  }
}

/**
 * Applies the changes in order and returns the row id of each product it activated.
 * Continuous usage of an expired product carries into the product that replaces it.
 */
export async function applyChanges(ctx: ApplyContext, changes: readonly ProductChange[]): Promise<string[]> {
  const { tx } = ctx;
  const before = await loadEntitlements(tx, ctx.customerId);
  const activated: string[] = [];
  for (const change of changes) {
    switch (change.kind) {
      case 'activate': {
        const carried = change.carry_usage_from
          ? usageByFeature(before, change.carry_usage_from)
          : new Map<string, number>();
        activated.push(await activate(ctx, change, carried));
        break;
      }
      case 'schedule': {
        const product = getProduct(ctx.catalogue, change.product_id);
        await tx
          .insertInto('billing_products')
          .values({
            id: uuidv7(),
            customer_id: ctx.customerId,
            product_id: product.id,
            entity_id: change.entity_id,
            status: 'scheduled',
            version: product.version,
            snapshot: snapshotOf(product),
            options: JSON.stringify(change.options),
            canceled_at: null,
            started_at: change.starts_at,
            current_period_start: null,
            current_period_end: null,
            trial_ends_at: null,
            ended_at: null,
            granted_manually: ctx.manual ? 1 : 0,
            created_at: ctx.now,
          })
          .execute();
        break;
      }
      case 'expire':
        await tx
          .updateTable('billing_products')
          .set({ status: 'expired', ended_at: change.at })
          .where('id', '=', change.row_id)
          .execute();
        await tx
          .deleteFrom('billing_entitlements')
          .where('customer_product_id', '=', change.row_id)
          .execute();
        break;
      case 'cancel':
        await tx
          .updateTable('billing_products')
          .set({ canceled_at: change.canceled_at, ended_at: change.ends_at })
          .where('id', '=', change.row_id)
          .execute();
        break;
      case 'uncancel':
        await tx
          .updateTable('billing_products')
          .set({ canceled_at: null, ended_at: null })
          .where('id', '=', change.row_id)
          .execute();
        break;
      case 'delete':
        await tx.deleteFrom('billing_products').where('id', '=', change.row_id).execute();
        break;
      case 'update_options':
        await changeOptions(ctx, change.row_id, change.options, false);
        break;
      case 'add_options':
        await changeOptions(ctx, change.row_id, change.options, true);
        break;
      case 'migrate': {
        const product = getProduct(ctx.catalogue, change.product_id);
        const row = await tx
          .selectFrom('billing_products')
          .selectAll()
          .where('id', '=', change.row_id)
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('billing_products')
          .set({ version: change.version, snapshot: snapshotOf(product) })
          .where('id', '=', change.row_id)
          .execute();
        const carried = usageByFeature(before, change.row_id);
        await tx
          .deleteFrom('billing_entitlements')
          .where('customer_product_id', '=', change.row_id)
          .execute();
        const anchor = row.current_period_start ?? ctx.now;
        await grantItems(
          ctx,
          product,
          change.row_id,
          JSON.parse(row.options) as ProductOption[],
          anchor,
          carried,
        );
        break;
      }
    }
  }
  return activated;
}
