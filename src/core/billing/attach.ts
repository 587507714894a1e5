// BILLING.md §6 as a pure planner: which branch an attach (or a checkout dry run) takes, the
// product changes it makes and the preview it charges. The server stores the changes.

import { planMulti } from './attach-multi.ts';
import {
  activation,
  anchorFor,
  deferredPreview,
  newPreview,
  periodEnd,
  quantityPreview,
  upgradePreview,
} from './attach-preview.ts';
import { findFeature, getProduct } from './catalogue.ts';
import { BillingError } from './errors.ts';
import { addTrial } from './intervals.ts';
import { isPrepaid, packsFor } from './items.ts';
import type { AttachBranch, AttachPlan, AttachRequest, CustomerState, ProductChange } from './plan-types.ts';
import { normalisedOptions, quantityFor } from './preview-lines.ts';
import { isFree, isOneOff } from './properties.ts';
import { findCurrent, findScheduled, scenarioFor } from './scenario.ts';
import type { Catalogue, CustomerProduct, Product, ProductOption } from './types.ts';

const PRESENT = new Set(['active', 'past_due', 'trialing', 'scheduled']);
const PAYMENT_PAGE_BRANCHES = new Set<AttachBranch>([
  'multi',
  'new',
  'add_on',
  'one_off',
  'cur_free',
  'cur_trialing',
]);

function optionsChanged(
  existing: CustomerProduct,
  target: Product,
  options: readonly ProductOption[] | undefined,
) {
  if (!options?.length) return false;
  return target.items.some(
    (item) =>
      isPrepaid(item) &&
      item.interval &&
      options.some((row) => row.feature_id === item.feature_id) &&
      packsFor(item, quantityFor(item, options)) !== packsFor(item, quantityFor(item, existing.options)),
  );
}

function trialEnd(target: Product, state: CustomerState, request: AttachRequest, now: number): number | null {
  const trial = target.free_trial;
  if (!trial || trial.trial_available === false || request.free_trial === false) return null;
  if (state.trials_used.includes(target.id)) return null;
  return addTrial(now, trial.duration, trial.length);
}

function needsPaymentPage(
  target: Product,
  trialEndsAt: number | null,
  state: CustomerState,
  request: AttachRequest,
) {
  if (isFree(target)) return false;
  if (trialEndsAt !== null && target.free_trial?.card_required === false) return false;
  return Boolean(request.force_checkout || request.public_key || !state.has_payment_method);
}

function newCode(target: Product): AttachPlan['code'] {
  if (isOneOff(target)) return 'one_off_product_attached';
  return isFree(target) ? 'free_product_attached' : 'new_product_attached';
}

export function planAttach(
  catalogue: Catalogue,
  state: CustomerState,
  request: AttachRequest,
  now: number,
): AttachPlan {
  if (request.product_ids?.length) return planMulti(catalogue, state, request, now);
  const target = getProduct(catalogue, request.product_id);
  const feature = (id: string | null | undefined) => (id ? findFeature(catalogue, id) : undefined);
  const products = state.products ?? [];
  const entityId = request.entity_id ?? null;
  const scenario = scenarioFor(state.products, target, entityId);
  const cur = findCurrent(products, target.group, entityId);
  const sched = findScheduled(products, target.group, entityId);
  const options = normalisedOptions(target.items, request.options);
  const plan = (
    branch: AttachBranch,
    code: AttachPlan['code'],
    changes: ProductChange[],
    preview: AttachPlan['preview'],
    trialAt: number | null = null,
  ): AttachPlan => {
    const payment = PAYMENT_PAGE_BRANCHES.has(branch) && needsPaymentPage(target, trialAt, state, request);
    const shown = { ...preview, current_product_id: cur?.id ?? null };
    return {
      branch,
      scenario,
      code: payment ? 'checkout_created' : code,
      needs_payment_page: payment,
      changes,
      preview: shown,
    };
  };
  const fresh = (branch: AttachBranch, expire: CustomerProduct | undefined, carry: boolean) => {
    const trialAt =
      branch === 'one_off' || branch === 'add_on' ? null : trialEnd(target, state, request, now);
    const anchor = target.is_add_on ? anchorFor(cur, target) : null;
    const changes: ProductChange[] = [];
    if (expire) changes.push({ kind: 'expire', row_id: expire.row_id, at: now });
    if (expire && sched) changes.push({ kind: 'delete', row_id: sched.row_id });
    changes.push(
      activation(target, entityId, options, now, trialAt, anchor, carry && expire ? expire.row_id : null),
    );
    const preview = newPreview(target, options, feature, now, trialAt, anchor);
    return plan(branch, newCode(target), changes, preview, trialAt);
  };

  if (isOneOff(target)) {
    const copy = products.find(
      (p) => p.id === target.id && p.status === 'active' && (p.entity_id ?? null) === entityId,
    );
    if (!copy) return fresh('one_off', undefined, false);
    const preview = newPreview(target, options, feature, now, null, null);
    return plan(
      'top_up',
      'one_off_product_attached',
      [{ kind: 'add_options', row_id: copy.row_id, options }],
      preview,
    );
  }

  const existing = products.find(
    (p) => p.id === target.id && PRESENT.has(p.status) && (p.entity_id ?? null) === entityId,
  );
  if (existing) {
    const empty = deferredPreview(target, options, null);
    if (existing.version !== target.version) {
      return plan(
        'migrate',
        'updated_product_successfully',
        [{ kind: 'migrate', row_id: existing.row_id, product_id: target.id, version: target.version }],
        empty,
      );
    }
    if (existing.status !== 'scheduled' && optionsChanged(existing, target, request.options)) {
      const preview = quantityPreview(existing, target, options, feature, now);
      return plan(
        'update_quantity',
        'features_updated',
        [{ kind: 'update_options', row_id: existing.row_id, options }],
        preview,
      );
    }
    if (existing.status !== 'scheduled' && sched && sched.id !== target.id) {
      return plan(
        'renew',
        'renewed_product',
        [
          { kind: 'delete', row_id: sched.row_id },
          { kind: 'uncancel', row_id: existing.row_id },
        ],
        empty,
      );
    }
    if (existing.status === 'scheduled') {
      throw new BillingError(400, 'invalid_request', `${target.name} is already scheduled`);
    }
    if (existing.canceled_at != null) {
      return plan('renew', 'renewed_product', [{ kind: 'uncancel', row_id: existing.row_id }], empty);
    }
    if (!target.is_add_on) {
      throw new BillingError(400, 'product_already_attached', `${target.name} is already attached`);
    }
  }

  if (target.is_add_on) return fresh('add_on', undefined, false);
  if (!cur) return fresh('new', undefined, false);
  if (isFree(cur)) return fresh('cur_free', cur, true);
  if (scenario === 'upgrade') {
    if (cur.status === 'trialing') return fresh('cur_trialing', cur, true);
    const { preview, period } = upgradePreview(cur, target, options, feature, now);
    const changes: ProductChange[] = [{ kind: 'expire', row_id: cur.row_id, at: now }];
    if (sched) changes.push({ kind: 'delete', row_id: sched.row_id });
    changes.push({
      ...activation(target, entityId, options, now, null, null, cur.row_id),
      period_start: period.start,
      period_end: period.end,
    });
    return plan('upgrade', 'updated_product_successfully', changes, preview);
  }
  const startsAt = periodEnd(cur) ?? now;
  const changes: ProductChange[] = [
    { kind: 'cancel', row_id: cur.row_id, canceled_at: now, ends_at: startsAt },
  ];
  if (sched) changes.push({ kind: 'delete', row_id: sched.row_id });
  changes.push({
    kind: 'schedule',
    product_id: target.id,
    entity_id: entityId,
    options,
    starts_at: startsAt,
  });
  return plan('downgrade', 'downgrade_scheduled', changes, deferredPreview(target, options, startsAt));
}
