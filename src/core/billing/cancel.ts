// BILLING.md §6 "Cancel": at the end of the cycle (the default product takes over then), or at
// once with a prorated refund. Pure: returns the changes and refund lines for the server.
import { activation, periodEnd } from './attach-preview.ts';
import { BillingError } from './errors.ts';
import type { ProductChange } from './plan-types.ts';
import { type PreviewLine, proratedLines, totalOf } from './preview-lines.ts';
import { isFree } from './properties.ts';
import { findCurrent, findScheduled } from './scenario.ts';
import type { Catalogue, CustomerProduct } from './types.ts';

export interface CancelRequest {
  product_id: string;
  entity_id?: string | null;
  cancel_immediately?: boolean;
  /** Refund the unused part when cancelling at once (default true). */
  prorate?: boolean;
}

export interface CancelPlan {
  changes: ProductChange[];
  /** Refund lines (negative amounts) for an immediate cancel. */
  lines: PreviewLine[];
  total: number;
}

const LIVE = new Set(['active', 'past_due', 'trialing', 'scheduled']);

export function planCancel(
  catalogue: Catalogue,
  products: readonly CustomerProduct[],
  request: CancelRequest,
  now: number,
): CancelPlan {
  const entityId = request.entity_id ?? null;
  const target = products.find(
    (p) => p.id === request.product_id && LIVE.has(p.status) && (p.entity_id ?? null) === entityId,
  );
  if (!target) throw new BillingError(404, 'product_not_found', `${request.product_id} is not attached`);
  const done = (changes: ProductChange[], lines: PreviewLine[] = []) => ({
    changes,
    lines,
    total: totalOf(lines),
  });
  const cur = findCurrent(products, target.group, entityId);
  const sched = target.is_add_on ? undefined : findScheduled(products, target.group, entityId);
  const fallback = catalogue.products.find(
    (p) => p.is_default && !p.is_add_on && p.group === target.group && p.id !== target.id,
  );

  // Cancelling what waits for the period end undoes the change: the current product renews.
  if (target.status === 'scheduled') {
    const changes: ProductChange[] = [{ kind: 'delete', row_id: target.row_id }];
    if (cur) changes.push({ kind: 'uncancel', row_id: cur.row_id });
    return done(changes);
  }

  if (request.cancel_immediately) {
    const period =
      target.current_period_start != null && target.current_period_end != null
        ? { start: target.current_period_start, end: target.current_period_end }
        : null;
    const refund =
      request.prorate !== false && period && target.status !== 'trialing'
        ? proratedLines(target, target.options, () => undefined, period, now, -1).filter(
            (l) => l.amount !== 0,
          )
        : [];
    const changes: ProductChange[] = [{ kind: 'expire', row_id: target.row_id, at: now }];
    if (sched) changes.push({ kind: 'delete', row_id: sched.row_id });
    if (!target.is_add_on && fallback)
      changes.push(activation(fallback, entityId, [], now, null, null, target.row_id));
    return done(changes, refund);
  }

  if (target.canceled_at != null) {
    throw new BillingError(
      400,
      'invalid_request',
      sched && !isFree(sched) ? 'Delete the scheduled product first' : `${target.name} is already cancelled`,
    );
  }
  const endsAt = periodEnd(target) ?? now;
  const changes: ProductChange[] = [
    { kind: 'cancel', row_id: target.row_id, canceled_at: now, ends_at: endsAt },
  ];
  if (!target.is_add_on && !isFree(target) && fallback) {
    changes.push({
      kind: 'schedule',
      product_id: fallback.id,
      entity_id: entityId,
      options: [],
      starts_at: endsAt,
    });
  }
  return done(changes);
}
