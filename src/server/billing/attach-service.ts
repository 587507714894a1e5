// BILLING.md §6 through the local engine: checkout (dry run), attach, the sandbox payment
// that completes a checkout, and cancel. Each decision is planned and stored in one
// transaction under the customer lock.
import { planAttach } from '../../core/billing/attach.ts';
import type { CancelRequest } from '../../core/billing/cancel.ts';
import { planCancel } from '../../core/billing/cancel.ts';
import { getProduct, presentProduct } from '../../core/billing/catalogue.ts';
import { BillingError } from '../../core/billing/errors.ts';
import type { AttachPlan, AttachRequest, CustomerState } from '../../core/billing/plan-types.ts';
import { scenarioFor } from '../../core/billing/scenario.ts';
import type { PlanId } from '../../core/plans.ts';
import { applyChanges } from './apply-changes.ts';
import { createCheckoutSession } from './checkout-store.ts';
import type { BillingContext } from './context.ts';
import { heldPlans, keepsOwnPlan } from './default-plan.ts';
import { issueInvoice, presentInvoice } from './invoices.ts';
import { loadProducts, lockCustomer, type Tx, trialsUsed } from './store.ts';
import { syncServerUsage } from './usage-sync.ts';

const MESSAGES: Record<AttachPlan['code'], string> = {
  checkout_created: 'Complete the payment to finish',
  new_product_attached: 'Successfully attached product',
  free_product_attached: 'Successfully attached free product',
  one_off_product_attached: 'Successfully purchased',
  updated_product_successfully: 'Successfully upgraded product',
  downgrade_scheduled: 'Downgrade scheduled for the end of the current period',
  features_updated: 'Successfully updated quantities',
  renewed_product: 'Successfully renewed product',
};

const INVOICE_REASONS: Partial<Record<AttachPlan['branch'], 'upgrade' | 'quantity_update' | 'top_up'>> = {
  upgrade: 'upgrade',
  update_quantity: 'quantity_update',
  top_up: 'top_up',
  one_off: 'top_up',
};

async function stateOf(
  tx: Tx,
  ctx: BillingContext,
  customerId: string,
  paid = false,
): Promise<CustomerState> {
  const customer = await lockCustomer(tx, ctx.dialect, customerId);
  if (!customer) throw new BillingError(404, 'customer_not_found', `Customer ${customerId} not found`);
  return {
    products: await loadProducts(tx, customerId),
    has_payment_method: paid || customer.payment_method !== null,
    trials_used: await trialsUsed(tx, customer),
  };
}

function productIds(request: AttachRequest): string[] {
  return request.product_ids?.length ? request.product_ids : request.product_id ? [request.product_id] : [];
}

/** Stores a plan that needs no (more) payment: changes, invoice, Upwatch's usage rule. */
async function commit(
  tx: Tx,
  ctx: BillingContext,
  customerId: string,
  plan: AttachPlan,
  request: AttachRequest,
  manual = false,
) {
  const now = ctx.clock.now();
  await applyChanges({ tx, catalogue: ctx.catalogue, customerId, now, manual }, plan.changes);
  const invoice = manual
    ? null
    : await issueInvoice(
        tx,
        customerId,
        {
          reason: INVOICE_REASONS[plan.branch] ?? 'checkout',
          lines: plan.preview.lines,
          productIds: productIds(request),
        },
        now,
      );
  await syncServerUsage(tx, ctx.catalogue, customerId);
  return invoice;
}

export function createAttachService(ctx: BillingContext) {
  const { db, catalogue, clock } = ctx;

  /** The dry run: what attaching would do and charge, changing nothing. */
  async function preview(customerId: string, request: AttachRequest) {
    const now = clock.now();
    return db.transaction().execute(async (tx) => {
      const state = await stateOf(tx, ctx, customerId);
      return { state, plan: planAttach(catalogue, state, request, now) };
    });
  }

  async function checkout(customerId: string, request: AttachRequest & { success_url?: string }) {
    const { plan, state } = await preview(customerId, request);
    const target = getProduct(catalogue, productIds(request)[0]);
    const current = plan.preview.current_product_id
      ? getProduct(catalogue, plan.preview.current_product_id)
      : null;
    const url = plan.needs_payment_page
      ? await createCheckoutSession(ctx, customerId, 'checkout', request, request.success_url)
      : null;
    return {
      url,
      customer_id: customerId,
      lines: plan.preview.lines,
      total: plan.preview.total,
      currency: plan.preview.currency,
      options: plan.preview.options,
      product: {
        ...presentProduct(catalogue, target),
        scenario: scenarioFor(state.products, target, request.entity_id),
      },
      current_product: current ? presentProduct(catalogue, current) : null,
      has_prorations: plan.preview.has_prorations,
      ...(plan.preview.next_cycle ? { next_cycle: plan.preview.next_cycle } : {}),
    };
  }

  async function attach(customerId: string, request: AttachRequest & { success_url?: string }) {
    const now = clock.now();
    const result = await db.transaction().execute(async (tx) => {
      const plan = planAttach(catalogue, await stateOf(tx, ctx, customerId), request, now);
      if (plan.needs_payment_page) return { plan, invoice: null };
      return { plan, invoice: await commit(tx, ctx, customerId, plan, request) };
    });
    const checkoutUrl = result.plan.needs_payment_page
      ? await createCheckoutSession(ctx, customerId, 'checkout', request, request.success_url)
      : undefined;
    return {
      customer_id: customerId,
      product_ids: productIds(request),
      code: result.plan.code,
      message: MESSAGES[result.plan.code],
      ...(checkoutUrl ? { checkout_url: checkoutUrl } : {}),
      ...(result.invoice ? { invoice: presentInvoice(result.invoice) } : {}),
    };
  }

  /** The sandbox payment succeeded: store the card, then attach as if it had been on file. */
  async function completeCheckout(customerId: string, request: AttachRequest) {
    const now = clock.now();
    return db.transaction().execute(async (tx) => {
      const state = await stateOf(tx, ctx, customerId, true);
      const plan = planAttach(
        catalogue,
        state,
        { ...request, force_checkout: false, public_key: false },
        now,
      );
      const invoice = await commit(tx, ctx, customerId, plan, request);
      return { plan, invoice };
    });
  }

  /** An operator's grant (admin CLI): attached without payment or invoice. */
  async function grant(customerId: string, productId: string) {
    const now = clock.now();
    return db.transaction().execute(async (tx) => {
      const state = await stateOf(tx, ctx, customerId, true);
      const plan = planAttach(catalogue, state, { product_id: productId }, now);
      await commit(tx, ctx, customerId, plan, { product_id: productId }, true);
      return plan;
    });
  }

  /** DEFAULT_PLAN's grant, decided under the customer lock so two processes grant it once. */
  async function grantDefault(customerId: string, planId: PlanId) {
    const now = clock.now();
    return db.transaction().execute(async (tx) => {
      const state = await stateOf(tx, ctx, customerId, true);
      if (keepsOwnPlan(await heldPlans(tx, customerId), planId)) return null;
      const plan = planAttach(catalogue, state, { product_id: planId }, now);
      await commit(tx, ctx, customerId, plan, { product_id: planId }, true);
      return plan;
    });
  }

  async function cancel(customerId: string, request: CancelRequest) {
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const state = await stateOf(tx, ctx, customerId);
      const plan = planCancel(catalogue, state.products ?? [], request, now);
      await applyChanges({ tx, catalogue, customerId, now }, plan.changes);
      await issueInvoice(
        tx,
        customerId,
        { reason: 'refund', lines: plan.lines, productIds: [request.product_id] },
        now,
      );
      await syncServerUsage(tx, catalogue, customerId);
    });
    return { success: true, customer_id: customerId, product_id: request.product_id };
  }

  /** For callers composing their own transaction (referral rewards). */
  async function planFor(tx: Tx, customerId: string, productId: string) {
    return planAttach(
      catalogue,
      await stateOf(tx, ctx, customerId, true),
      { product_id: productId },
      clock.now(),
    );
  }

  async function lock(tx: Tx, customerId: string) {
    await stateOf(tx, ctx, customerId);
  }

  return { preview, checkout, attach, completeCheckout, grant, grantDefault, cancel, planFor, lock };
}

export type AttachService = ReturnType<typeof createAttachService>;
