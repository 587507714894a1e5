// BILLING.md §8: entities (seats, resources) that consume a unit of a continuous feature and
// hold their own sub-balance on items linked to that feature.
import { customerFeatures } from '../../core/billing/aggregate.ts';
import { findFeature } from '../../core/billing/catalogue.ts';
import { checkFeature } from '../../core/billing/check.ts';
import { BillingError } from '../../core/billing/errors.ts';
import type { BillingContext } from './context.ts';
import { liveEntitlements, loadEntitlements, loadProducts, lockCustomer, saveEntitlements } from './store.ts';
import type { UsageService } from './usage-service.ts';

export interface EntityInput {
  id: string;
  name?: string | null;
  feature_id: string;
}

export function createEntitiesService(ctx: BillingContext, usage: UsageService) {
  const { db, dialect, catalogue, clock } = ctx;

  async function present(customerId: string, entityId: string) {
    const row = await db
      .selectFrom('billing_entities')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '=', entityId)
      .executeTakeFirst();
    if (!row) throw new BillingError(404, 'entity_not_found', `Entity ${entityId} not found`);
    const products = await loadProducts(db, customerId);
    const entitlements = liveEntitlements(await loadEntitlements(db, customerId), products);
    return {
      id: row.id,
      name: row.name,
      customer_id: customerId,
      feature_id: row.feature_id,
      created_at: row.created_at,
      env: 'sandbox',
      products: products
        .filter((p) => p.entity_id === entityId)
        .map((p) => ({ id: p.id, name: p.name, status: p.status })),
      features: customerFeatures(entitlements, catalogue, entityId),
    };
  }

  async function createOne(customerId: string, input: EntityInput) {
    if (!input?.id || !input.feature_id)
      throw new BillingError(400, 'invalid_request', 'An entity needs an id and a feature_id');
    const feature = findFeature(catalogue, input.feature_id);
    if (!feature) throw new BillingError(404, 'feature_not_found', `Feature ${input.feature_id} not found`);
    if (feature.type !== 'continuous_use') {
      throw new BillingError(
        400,
        'invalid_request',
        `Entities need a continuous-use feature; ${feature.id} is not one`,
      );
    }
    await db.transaction().execute(async (tx) => {
      if (!(await lockCustomer(tx, dialect, customerId))) {
        throw new BillingError(404, 'customer_not_found', `Customer ${customerId} not found`);
      }
      const exists = await tx
        .selectFrom('billing_entities')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (exists) throw new BillingError(400, 'entity_already_exists', `Entity ${input.id} already exists`);
      const products = await loadProducts(tx, customerId);
      const before = liveEntitlements(await loadEntitlements(tx, customerId), products);
      const verdict = checkFeature({
        featureId: feature.id,
        featureType: feature.type,
        entitlements: before,
      });
      if (!verdict.allowed) {
        throw new BillingError(400, 'feature_limit_reached', `No ${feature.name} left to create ${input.id}`);
      }
      await tx
        .insertInto('billing_entities')
        .values({
          customer_id: customerId,
          id: input.id,
          name: input.name ?? null,
          feature_id: feature.id,
          created_at: clock.now(),
        })
        .execute();
      const linked = before.map((e) =>
        e.entity_feature_id === feature.id
          ? { ...e, entities: { ...(e.entities ?? {}), [input.id]: { balance: e.starting_balance } } }
          : e,
      );
      await saveEntitlements(tx, before, linked);
      await usage.deductIn(tx, customerId, [feature], 1);
    });
    return present(customerId, input.id);
  }

  async function create(customerId: string, input: EntityInput | EntityInput[]) {
    if (!Array.isArray(input)) return createOne(customerId, input);
    const list = [];
    for (const one of input) list.push(await createOne(customerId, one));
    return { list };
  }

  async function remove(customerId: string, entityId: string) {
    await db.transaction().execute(async (tx) => {
      await lockCustomer(tx, dialect, customerId);
      const row = await tx
        .selectFrom('billing_entities')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('id', '=', entityId)
        .executeTakeFirst();
      if (!row) throw new BillingError(404, 'entity_not_found', `Entity ${entityId} not found`);
      await tx
        .deleteFrom('billing_entities')
        .where('customer_id', '=', customerId)
        .where('id', '=', entityId)
        .execute();
      await tx
        .updateTable('billing_products')
        .set({ status: 'expired', ended_at: clock.now() })
        .where('customer_id', '=', customerId)
        .where('entity_id', '=', entityId)
        .execute();
      const products = await loadProducts(tx, customerId);
      const before = liveEntitlements(await loadEntitlements(tx, customerId), products);
      const unlinked = before.map((e) => {
        if (!e.entities || !(entityId in e.entities)) return e;
        const { [entityId]: _gone, ...rest } = e.entities;
        return { ...e, entities: rest };
      });
      await saveEntitlements(tx, before, unlinked);
      const feature = findFeature(catalogue, row.feature_id);
      if (feature) await usage.deductIn(tx, customerId, [feature], -1);
    });
    return { success: true };
  }

  return { create, get: present, remove };
}
