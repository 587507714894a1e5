// The one period job (BILLING.md §12), run every minute: scheduled products start, cancelled
// ones end (the default plan returns), periods renew with an invoice each, and balances reset.
// Each customer is handled in its own transaction under its lock; on PostgreSQL an advisory
// lock, keyed by the schema too (leader-lock.ts), keeps a second process from running the same
// pass at once.
import { activation } from '../../core/billing/attach-preview.ts';
import { findProduct } from '../../core/billing/catalogue.ts';
import { addInterval } from '../../core/billing/intervals.ts';
import { isOneOffPrice, isPayPerUse } from '../../core/billing/items.ts';
import type { ProductChange } from '../../core/billing/plan-types.ts';
import { newProductLines } from '../../core/billing/preview-lines.ts';
import { largestInterval } from '../../core/billing/properties.ts';
import { resetEntitlement } from '../../core/billing/reset.ts';
import type { CustomerProduct } from '../../core/billing/types.ts';
import type { Clock } from '../platform/clock.ts';
import { createLeaderLock } from '../platform/jobs/leader-lock.ts';
import { periodicJob, type WorkerJob } from '../platform/jobs/worker.ts';
import { applyChanges } from './apply-changes.ts';
import type { BillingContext } from './context.ts';
import { issueInvoice } from './invoices.ts';
import { loadEntitlements, loadProducts, lockCustomer, saveEntitlements, type Tx } from './store.ts';
import { syncServerUsage } from './usage-sync.ts';

const PERIOD_JOB_LOCK = 727_001;
const MINUTE = 60_000;
/** A customer offline for years catches up in one pass, but never loops without bound. */
const MAX_CATCH_UP_STEPS = 500;

function renewalLines(product: CustomerProduct) {
  const recurring = { ...product, items: product.items.filter((i) => !isOneOffPrice(i) && !isPayPerUse(i)) };
  return newProductLines(recurring, product.options, () => undefined, false);
}

/** Starts due scheduled products and ends cancelled ones; returns whether anything changed. */
async function productTransitions(tx: Tx, ctx: BillingContext, customerId: string, now: number) {
  const products = await loadProducts(tx, customerId);
  const changes: ProductChange[] = [];
  const starting = products.filter((p) => p.status === 'scheduled' && p.started_at <= now);
  const invoices: CustomerProduct[] = [];
  for (const sched of starting) {
    const product = findProduct(ctx.catalogue, sched.id);
    if (!product) continue;
    const ending = products.filter(
      (p) =>
        p.group === sched.group &&
        !p.is_add_on &&
        (p.entity_id ?? null) === (sched.entity_id ?? null) &&
        p.status !== 'scheduled',
    );
    for (const old of ending) changes.push({ kind: 'expire', row_id: old.row_id, at: sched.started_at });
    changes.push({ kind: 'delete', row_id: sched.row_id });
    changes.push(
      activation(product, sched.entity_id ?? null, sched.options ?? [], sched.started_at, null, null, null),
    );
    invoices.push(sched);
  }
  const replaced = new Set(changes.flatMap((c) => (c.kind === 'expire' ? [c.row_id] : [])));
  for (const p of products) {
    const endsAt =
      p.canceled_at != null ? (p.status === 'trialing' ? p.trial_ends_at : p.current_period_end) : null;
    if (endsAt == null || endsAt > now || replaced.has(p.row_id) || p.status === 'scheduled') continue;
    changes.push({ kind: 'expire', row_id: p.row_id, at: endsAt });
    const fallback = ctx.catalogue.products.find(
      (d) => d.is_default && !d.is_add_on && d.group === p.group && d.id !== p.id,
    );
    if (!p.is_add_on && fallback)
      changes.push(activation(fallback, p.entity_id ?? null, [], endsAt, null, null, null));
  }
  if (changes.length === 0) return false;
  await applyChanges({ tx, catalogue: ctx.catalogue, customerId, now }, changes);
  for (const started of invoices) {
    await issueInvoice(
      tx,
      customerId,
      { reason: 'renewal', lines: renewalLines(started), productIds: [started.id] },
      now,
    );
  }
  return true;
}

/** Rolls live paid periods forward, one invoice per renewal; trials that ended become active. */
async function renewals(tx: Tx, customerId: string, now: number) {
  for (const p of await loadProducts(tx, customerId)) {
    if (p.canceled_at != null || p.current_period_end == null || p.current_period_end > now) continue;
    if (p.status !== 'active' && p.status !== 'trialing') continue;
    const interval = largestInterval(p);
    if (!interval) continue;
    let start = p.current_period_end;
    let end = addInterval(start, interval.interval, interval.count);
    await issueInvoice(
      tx,
      customerId,
      { reason: 'renewal', lines: renewalLines(p), productIds: [p.id] },
      start,
    );
    for (let step = 0; end <= now && step < MAX_CATCH_UP_STEPS; step++) {
      start = end;
      end = addInterval(start, interval.interval, interval.count);
      await issueInvoice(
        tx,
        customerId,
        { reason: 'renewal', lines: renewalLines(p), productIds: [p.id] },
        start,
      );
    }
    await tx
      .updateTable('billing_products')
      .set({ status: 'active', current_period_start: start, current_period_end: end })
      .where('id', '=', p.row_id)
      .execute();
  }
}

async function resets(tx: Tx, customerId: string, now: number) {
  const before = await loadEntitlements(tx, customerId);
  const after = before.map((e) => {
    let next = e;
    for (
      let step = 0;
      next.next_reset_at !== null && next.next_reset_at <= now && step < MAX_CATCH_UP_STEPS;
      step++
    ) {
      next = resetEntitlement(next, now);
    }
    return next;
  });
  await saveEntitlements(tx, before, after);
}

/**
 * The statements finding customers with something due, one per kind of due date, each a search
 * of that date's index (tests explain them): a scheduled start, a period's end, a trial's end,
 * a balance reset.
 */
export function dueCustomerQueries(db: BillingContext['db'], now: number) {
  // No DISTINCT: SQLite would then walk the customer index instead; the caller dedupes.
  const products = db.selectFrom('billing_products').select('customer_id');
  return [
    products.where('status', '=', 'scheduled').where('started_at', '<=', now),
    products.where('status', 'in', ['active', 'trialing', 'past_due']).where('current_period_end', '<=', now),
    products.where('status', '=', 'trialing').where('trial_ends_at', '<=', now),
    db.selectFrom('billing_entitlements').select('customer_id').where('next_reset_at', '<=', now),
  ];
}

async function dueCustomers(ctx: BillingContext, now: number): Promise<string[]> {
  const found = await Promise.all(dueCustomerQueries(ctx.db, now).map((query) => query.execute()));
  return [...new Set(found.flat().map((row) => row.customer_id))];
}

/**
 * The period pass over every customer with something due; each call is one pass and returns
 * how many were processed (0 when another process holds the lock). The lock is made once, so
 * its in-process guard keeps a slow pass from overlapping the next on SQLite too.
 */
export function createPeriodPass(ctx: BillingContext): () => Promise<number> {
  const lock = createLeaderLock(ctx.db, ctx.dialect, PERIOD_JOB_LOCK);
  const pass = async () => {
    const now = ctx.clock.now();
    const customers = await dueCustomers(ctx, now);
    for (const customerId of customers) {
      await ctx.db.transaction().execute(async (tx) => {
        if (!(await lockCustomer(tx, ctx.dialect, customerId))) return;
        const changed = await productTransitions(tx, ctx, customerId, now);
        await renewals(tx, customerId, now);
        await resets(tx, customerId, now);
        if (changed) await syncServerUsage(tx, ctx.catalogue, customerId);
      });
    }
    return customers.length;
  };
  return async () => (await lock.run(pass)) ?? 0;
}

/** The worker's billing job: the period pass once a minute. */
export function billingPeriodJob(periodic: () => Promise<number>, clock: Clock): WorkerJob {
  return periodicJob('billing-period', clock, MINUTE, periodic);
}
