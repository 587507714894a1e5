// The preview of each attach branch (BILLING.md §6 "Preview lines") and the periods a newly
// activated product gets. Split from the planner so the branch logic reads on one screen.
import { addInterval } from './intervals.ts';
import { isPrepaid } from './items.ts';
import type { CheckoutPreview, ProductChange } from './plan-types.ts';
import {
  dropCancelling,
  newProductLines,
  overageLines,
  type Period,
  type PreviewLine,
  proratedLines,
  recurringTotal,
  totalOf,
} from './preview-lines.ts';
import { isFree, largestInterval } from './properties.ts';
import type { CustomerProduct, Feature, Product, ProductOption } from './types.ts';

type FeatureLookup = (id: string | null | undefined) => Feature | undefined;

function preview(
  product: Product,
  lines: PreviewLine[],
  options: ProductOption[],
  extra: Partial<CheckoutPreview> = {},
): CheckoutPreview {
  return {
    lines,
    total: totalOf(lines),
    currency: 'usd',
    options,
    has_prorations: false,
    product_ids: [product.id],
    current_product_id: null,
    ...extra,
  };
}

/** When the current product ends: its trial end while trialing, else its period end. */
export function periodEnd(cur: CustomerProduct): number | null {
  if (cur.status === 'trialing' && cur.trial_ends_at != null) return cur.trial_ends_at;
  return cur.current_period_end;
}

function periodOf(cur: CustomerProduct): Period | null {
  if (cur.current_period_start == null || cur.current_period_end == null) return null;
  return { start: cur.current_period_start, end: cur.current_period_end };
}

function sameInterval(
  a: { items: CustomerProduct['items'] },
  b: { items: CustomerProduct['items'] },
): boolean {
  const x = largestInterval(a);
  const y = largestInterval(b);
  return x !== null && y !== null && x.interval === y.interval && x.count === y.count;
}

/** A recurring add-on joins a paid main product's billing anchor when their intervals match. */
export function anchorFor(cur: CustomerProduct | undefined, target: Product): Period | null {
  if (cur?.status !== 'active' || isFree(cur) || !sameInterval(cur, target)) return null;
  return periodOf(cur);
}

export function activation(
  target: Product,
  entityId: string | null,
  options: ProductOption[],
  now: number,
  trialEndsAt: number | null,
  anchor: Period | null,
  carryFrom: string | null,
): Extract<ProductChange, { kind: 'activate' }> {
  const interval = largestInterval(target);
  const ownEnd = interval ? addInterval(now, interval.interval, interval.count) : null;
  return {
    kind: 'activate',
    product_id: target.id,
    entity_id: entityId,
    status: trialEndsAt !== null ? 'trialing' : 'active',
    options,
    period_start: anchor?.start ?? now,
    period_end: trialEndsAt ?? anchor?.end ?? ownEnd,
    trial_ends_at: trialEndsAt,
    carry_usage_from: carryFrom,
  };
}

export function newPreview(
  target: Product,
  options: ProductOption[],
  feature: FeatureLookup,
  now: number,
  trialEndsAt: number | null,
  anchor: Period | null,
): CheckoutPreview {
  const next = (startsAt: number) => ({ starts_at: startsAt, total: recurringTotal(target, options) });
  if (trialEndsAt !== null) {
    return preview(target, newProductLines(target, options, feature, true), options, {
      next_cycle: next(trialEndsAt),
    });
  }
  if (anchor) {
    const lines = proratedLines(target, options, feature, anchor, now, 1);
    return preview(target, lines, options, { next_cycle: next(anchor.end) });
  }
  return preview(target, newProductLines(target, options, feature, false), options);
}

/** Unused old against remaining new on the current period; a longer interval starts now [I]. */
export function upgradePreview(
  cur: CustomerProduct,
  target: Product,
  options: ProductOption[],
  feature: FeatureLookup,
  now: number,
): { preview: CheckoutPreview; period: { start: number; end: number | null } } {
  const period = periodOf(cur);
  const old = period ? proratedLines(cur, cur.options, feature, period, now, -1) : [];
  const accrued = overageLines(cur, cur.usage, feature);
  const aligned = period !== null && sameInterval(cur, target);
  const interval = largestInterval(target);
  const newPeriod = aligned
    ? period
    : { start: now, end: interval ? addInterval(now, interval.interval, interval.count) : null };
  const charged = aligned
    ? proratedLines(target, options, feature, period, now, 1)
    : newProductLines(target, options, feature, false).filter((line) => line.amount !== 0);
  const lines = dropCancelling([...old, ...accrued, ...charged]);
  const next_cycle =
    newPeriod.end !== null ? { starts_at: newPeriod.end, total: recurringTotal(target, options) } : undefined;
  return {
    preview: preview(target, lines, options, {
      has_prorations: !isFree(cur),
      ...(next_cycle ? { next_cycle } : {}),
    }),
    period: newPeriod,
  };
}

/** Only prepaid lines: the plan price itself is not changing. */
export function quantityPreview(
  existing: CustomerProduct,
  target: Product,
  options: ProductOption[],
  feature: FeatureLookup,
  now: number,
): CheckoutPreview {
  const period = periodOf(existing);
  const prepaidOf = (p: { name: string; items: CustomerProduct['items'] }) => ({
    name: p.name,
    items: p.items.filter(isPrepaid),
  });
  const lines = period
    ? dropCancelling([
        ...proratedLines(prepaidOf(existing), existing.options, feature, period, now, -1),
        ...proratedLines(prepaidOf(target), options, feature, period, now, 1),
      ])
    : [];
  const next_cycle = period ? { starts_at: period.end, total: recurringTotal(target, options) } : undefined;
  return preview(target, lines, options, { has_prorations: true, ...(next_cycle ? { next_cycle } : {}) });
}

/** Nothing is due now; the new product's price starts with the next cycle. */
export function deferredPreview(
  target: Product,
  options: ProductOption[],
  startsAt: number | null,
): CheckoutPreview {
  const next_cycle =
    startsAt !== null ? { starts_at: startsAt, total: recurringTotal(target, options) } : undefined;
  return preview(target, [], options, next_cycle ? { next_cycle } : {});
}
