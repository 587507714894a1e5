// BILLING.md §6 branch 1: several products attached together, refused whenever combining them
// with what the customer has would need the single-product rules to decide.

import { activation, newPreview } from './attach-preview.ts';
import { findFeature, getProduct } from './catalogue.ts';
import { BillingError } from './errors.ts';
import type { AttachPlan, AttachRequest, CustomerState, ProductChange } from './plan-types.ts';
import { normalisedOptions, totalOf } from './preview-lines.ts';
import { isFree } from './properties.ts';
import { findCurrent } from './scenario.ts';
import type { Catalogue } from './types.ts';

const LIVE = new Set(['active', 'past_due', 'trialing', 'scheduled']);

export function planMulti(
  catalogue: Catalogue,
  state: CustomerState,
  request: AttachRequest,
  now: number,
): AttachPlan {
  const targets = (request.product_ids ?? []).map((id) => getProduct(catalogue, id));
  const products = state.products ?? [];
  const entityId = request.entity_id ?? null;
  const feature = (id: string | null | undefined) => (id ? findFeature(catalogue, id) : undefined);
  const mine = products.filter((p) => (p.entity_id ?? null) === entityId);
  if (targets.some((t) => mine.some((p) => p.id === t.id && LIVE.has(p.status)))) {
    throw new BillingError(400, 'invalid_request', 'One of these products is already attached');
  }
  if (mine.some((p) => !p.is_add_on && LIVE.has(p.status) && p.status !== 'scheduled' && !isFree(p))) {
    throw new BillingError(
      400,
      'invalid_request',
      'Attach several products only when no paid plan is active',
    );
  }
  if (mine.some((p) => p.status === 'scheduled')) {
    throw new BillingError(400, 'invalid_request', 'Attach several products only when none is scheduled');
  }
  const changes: ProductChange[] = [];
  const lines = [];
  const options = [];
  for (const target of targets) {
    const own = normalisedOptions(target.items, request.options);
    const cur = target.is_add_on ? undefined : findCurrent(products, target.group, entityId);
    if (cur) changes.push({ kind: 'expire', row_id: cur.row_id, at: now });
    changes.push(activation(target, entityId, own, now, null, null, cur?.row_id ?? null));
    lines.push(...newPreview(target, own, feature, now, null, null).lines);
    options.push(...own);
  }
  const paid = targets.some((t) => !isFree(t));
  const payment = paid && Boolean(request.force_checkout || request.public_key || !state.has_payment_method);
  return {
    branch: 'multi',
    scenario: 'new',
    code: payment ? 'checkout_created' : 'new_product_attached',
    needs_payment_page: payment,
    changes,
    preview: {
      lines,
      total: totalOf(lines),
      currency: 'usd',
      options,
      has_prorations: false,
      product_ids: targets.map((t) => t.id),
      current_product_id: null,
    },
  };
}
