// BILLING.md §7 through the local engine: track (one transaction per event under the customer
// lock, idempotent per key), check (feature or product, optional paywall preview and
// send_event) and query (event sums per time bucket).
import { uuidv7 } from 'uuidv7';
import { aggregateFeature } from '../../core/billing/aggregate.ts';
import { creditSystemsFor, findFeature } from '../../core/billing/catalogue.ts';
import { checkFeature, checkProduct } from '../../core/billing/check.ts';
import { BillingError } from '../../core/billing/errors.ts';
import { paywallPreview } from '../../core/billing/paywall.ts';
import { bucketEvents, type QueryRange, queryBuckets } from '../../core/billing/query-buckets.ts';
import { deduct } from '../../core/billing/track.ts';
import type { Feature } from '../../core/billing/types.ts';
import type { BillingEventTable } from '../platform/db/billing-schema.ts';
import type { BillingContext } from './context.ts';
import {
  getCustomerRow,
  liveEntitlements,
  loadEntitlements,
  loadProducts,
  lockCustomer,
  saveEntitlements,
  type Tx,
  trialsUsed,
} from './store.ts';

export interface TrackRequest {
  feature_id?: string;
  event_name?: string;
  value?: number;
  entity_id?: string | null;
  idempotency_key?: string | null;
  properties?: Record<string, unknown>;
}

export interface CheckRequest {
  feature_id?: string;
  product_id?: string;
  entity_id?: string | null;
  required_balance?: number;
  send_event?: boolean;
  with_preview?: boolean;
}

/** One tracked event, summed by `query`: the usage a balance that stops at zero cannot show. */
export async function insertEvent(tx: Tx, event: BillingEventTable): Promise<void> {
  await tx.insertInto('billing_events').values(event).execute();
}

/** An event's id, as the hosted API spells them. */
export const eventId = () => `evt_${uuidv7().replaceAll('-', '')}`;

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

export function createUsageService(ctx: BillingContext) {
  const { db, dialect, catalogue, clock } = ctx;

  function meteredFeatures(request: TrackRequest): Feature[] {
    if (Boolean(request.feature_id) === Boolean(request.event_name)) {
      throw new BillingError(400, 'invalid_request', 'Send either feature_id or event_name');
    }
    if (request.feature_id) {
      const feature = findFeature(catalogue, request.feature_id);
      if (!feature)
        throw new BillingError(404, 'feature_not_found', `Feature ${request.feature_id} not found`);
      return [feature];
    }
    const name = request.event_name as string;
    const matches = catalogue.features.filter((f) => f.event_names?.includes(name));
    if (matches.length === 0)
      throw new BillingError(400, 'invalid_event_name', `No feature is tracked by event ${name}`);
    return matches;
  }

  /** Deducts inside the caller's transaction; the customer row must already be locked. */
  async function deductIn(
    tx: Tx,
    customerId: string,
    features: readonly Feature[],
    value: number,
    entityId?: string | null,
  ) {
    const products = await loadProducts(tx, customerId);
    const before = liveEntitlements(await loadEntitlements(tx, customerId), products);
    let after = before;
    for (const feature of features) {
      const creditSystems = creditSystemsFor(catalogue, feature.id).map((c) => ({
        feature_id: c.feature.id,
        credit_cost: c.credit_cost,
      }));
      after = deduct(after, feature.id, value, {
        entityId: entityId ?? null,
        continuous: feature.type === 'continuous_use',
        creditSystems,
      }).entitlements;
    }
    await saveEntitlements(tx, before, after);
  }

  async function track(customerId: string, request: TrackRequest) {
    const features = meteredFeatures(request);
    const value = request.value ?? 1;
    if (!Number.isFinite(value)) throw new BillingError(400, 'invalid_request', 'value must be a number');
    const eventName = request.event_name ?? (request.feature_id as string);
    const id = eventId();
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await lockCustomer(tx, dialect, customerId))) {
          throw new BillingError(404, 'customer_not_found', `Customer ${customerId} not found`);
        }
        await insertEvent(tx, {
          id,
          customer_id: customerId,
          event_name: eventName,
          value,
          entity_id: request.entity_id ?? null,
          properties: request.properties ? JSON.stringify(request.properties) : null,
          idempotency_key: request.idempotency_key ?? null,
          timestamp: clock.now(),
        });
        await deductIn(tx, customerId, features, value, request.entity_id);
      });
    } catch (error) {
      if (request.idempotency_key && isUniqueViolation(error)) {
        throw new BillingError(
          400,
          'duplicate_event',
          `Event with idempotency key ${request.idempotency_key} already exists`,
        );
      }
      throw error;
    }
    return {
      id,
      code: 'event_received',
      customer_id: customerId,
      ...(request.entity_id ? { entity_id: request.entity_id } : {}),
      ...(request.feature_id ? { feature_id: request.feature_id } : { event_name: request.event_name }),
    };
  }

  async function check(customerId: string, request: CheckRequest) {
    if (Boolean(request.feature_id) === Boolean(request.product_id)) {
      throw new BillingError(400, 'invalid_request', 'Send either feature_id or product_id');
    }
    const customer = await getCustomerRow(db, customerId);
    if (!customer) throw new BillingError(404, 'customer_not_found', `Customer ${customerId} not found`);
    const products = await loadProducts(db, customerId);
    const entityId = request.entity_id ?? null;
    if (request.product_id) {
      const product = products.find((p) => p.id === request.product_id && (p.entity_id ?? null) === entityId);
      const result = checkProduct(product, clock.now());
      return {
        allowed: result.allowed,
        code: 'product_found',
        customer_id: customerId,
        product_id: request.product_id,
        ...(entityId ? { entity_id: entityId } : {}),
        ...(result.status ? { status: result.status } : {}),
      };
    }
    const feature = findFeature(catalogue, request.feature_id as string);
    if (!feature) throw new BillingError(404, 'feature_not_found', `Feature ${request.feature_id} not found`);
    const entitlements = liveEntitlements(await loadEntitlements(db, customerId), products);
    const creditSystems = creditSystemsFor(catalogue, feature.id).map((c) => ({
      feature_id: c.feature.id,
      credit_cost: c.credit_cost,
    }));
    const result = checkFeature({
      featureId: feature.id,
      featureType: feature.type,
      entitlements,
      creditSystems,
      requiredBalance: request.required_balance,
      entityId,
      sendEvent: request.send_event,
    });
    if (result.event)
      await track(customerId, {
        feature_id: result.event.feature_id,
        value: result.event.value,
        entity_id: entityId,
      });
    const preview =
      !result.allowed && request.with_preview
        ? paywallPreview({
            catalogue,
            featureId: feature.id,
            customerProducts: products,
            entitlements,
            entityId,
            trialsUsed: await trialsUsed(db, customer),
          })
        : undefined;
    const base = {
      customer_id: customerId,
      feature_id: result.feature_id,
      code: 'feature_found',
      allowed: result.allowed,
      ...(entityId ? { entity_id: entityId } : {}),
      ...(preview ? { preview } : {}),
    };
    if (feature.type === 'boolean') return base;
    const answering = findFeature(catalogue, result.feature_id) ?? feature;
    const own = entitlements.filter((e) => e.feature_id === answering.id);
    return {
      ...aggregateFeature(answering, own, entityId),
      ...base,
      required_balance: result.required_balance,
    };
  }

  async function query(customerId: string, request: { feature_id: string | string[]; range?: QueryRange }) {
    const featureIds = Array.isArray(request.feature_id) ? request.feature_id : [request.feature_id];
    const range = request.range ?? 'last_cycle';
    const now = clock.now();
    const products = await loadProducts(db, customerId);
    const main = products.find(
      (p) => !p.is_add_on && p.status === 'active' && p.current_period_start != null,
    );
    const buckets = queryBuckets(range, now, main?.current_period_start);
    const from = buckets.starts[0] ?? now;
    const events = await db
      .selectFrom('billing_events')
      .select(['event_name as feature_id', 'value', 'timestamp'])
      .where('customer_id', '=', customerId)
      .where('event_name', 'in', featureIds)
      .where('timestamp', '>=', from)
      .execute();
    return { list: bucketEvents(events, featureIds, buckets) };
  }

  return { track, check, query, deductIn };
}

export type UsageService = ReturnType<typeof createUsageService>;
