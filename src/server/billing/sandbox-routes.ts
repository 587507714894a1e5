// The local provider's payment sandbox: the pages behind `checkout_url` and `setup_payment`
// read their session here and pay with a test card. Only the session's own customer sees it.
import type { Hono } from 'hono';
import { getProduct } from '../../core/billing/catalogue.ts';
import { BillingError } from '../../core/billing/errors.ts';
import type { AttachRequest } from '../../core/billing/plan-types.ts';
import type { AppEnv } from '../platform/http/caller.ts';
import type { AttachService } from './attach-service.ts';
import { getCheckoutSession } from './checkout-store.ts';
import type { BillingContext } from './context.ts';
import { presentInvoice } from './invoices.ts';

const SUCCEEDS = '4242424242424242';
const DECLINED = '4000000000000002';
const AFTER_PAYMENT = '/dashboard/settings/billing';

function cardOutcome(raw: unknown): 'ok' {
  const digits = typeof raw === 'string' ? raw.replace(/[\s-]/g, '') : '';
  if (digits === DECLINED) {
    throw new BillingError(
      402,
      'card_declined',
      'Your card was declined. Nothing was charged and your plan is unchanged.',
    );
  }
  if (digits !== SUCCEEDS)
    throw new BillingError(400, 'invalid_card', 'Use the test card 4242 4242 4242 4242.');
  return 'ok';
}

export function mountSandboxRoutes(app: Hono<AppEnv>, ctx: BillingContext, attach: AttachService) {
  const { db, clock, catalogue } = ctx;
  /** The signed-in person and the billing customer they act for: their workspace. */
  const userOf = (c: { var: AppEnv['Variables'] }) => {
    if (!c.var.user) throw new BillingError(401, 'no_customer_id', 'Sign in to continue.');
    return { ...c.var.user, customerId: c.var.workspace?.id ?? c.var.user.id };
  };
  const sessionOf = async (id: string, customerId: string) => {
    const session = await getCheckoutSession(db, id, customerId);
    if (!session) throw new BillingError(404, 'checkout_not_found', 'This checkout does not exist.');
    return session;
  };

  app.get('/sandbox/checkouts/:id', async (c) => {
    const user = userOf(c);
    const session = await sessionOf(c.req.param('id'), user.customerId);
    const base = {
      id: session.id,
      kind: session.kind,
      completed: session.completed_at !== null,
      expired: session.expires_at <= clock.now(),
      success_url: session.success_url,
      currency: 'usd',
    };
    if (session.kind === 'setup' || base.completed)
      return c.json({ ...base, product: null, lines: [], total: 0 });
    const request = JSON.parse(session.request) as AttachRequest;
    const { plan } = await attach.preview(user.customerId, request);
    const product = getProduct(catalogue, request.product_id ?? request.product_ids?.[0]);
    return c.json({
      ...base,
      product: { id: product.id, name: product.name },
      lines: plan.preview.lines.map((line) => ({ description: line.description, amount: line.amount })),
      total: plan.preview.total,
      ...(plan.preview.next_cycle ? { next_cycle: plan.preview.next_cycle } : {}),
    });
  });

  app.post('/sandbox/checkouts/:id/pay', async (c) => {
    const user = userOf(c);
    const session = await sessionOf(c.req.param('id'), user.customerId);
    if (session.completed_at !== null) {
      throw new BillingError(400, 'checkout_completed', 'This checkout has already been paid.');
    }
    if (session.expires_at <= clock.now())
      throw new BillingError(400, 'checkout_expired', 'This checkout has expired.');
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    cardOutcome(body.card_number ?? body.cardNumber);
    const now = clock.now();
    await db
      .updateTable('billing_customers')
      .set({ payment_method: JSON.stringify({ brand: 'visa', last4: '4242', added_at: now }) })
      .where('id', '=', user.customerId)
      .execute();
    if (session.kind === 'checkout') {
      await attach.completeCheckout(user.customerId, JSON.parse(session.request) as AttachRequest);
    }
    await db
      .updateTable('billing_checkouts')
      .set({ completed_at: now })
      .where('id', '=', session.id)
      .execute();
    return c.json({ redirect_url: session.success_url ?? AFTER_PAYMENT });
  });

  app.get('/sandbox/invoices/:id', async (c) => {
    const user = userOf(c);
    const row = await db
      .selectFrom('billing_invoices')
      .selectAll()
      .where('id', '=', c.req.param('id'))
      .where('customer_id', '=', user.customerId)
      .executeTakeFirst();
    if (!row) throw new BillingError(404, 'invoice_not_found', 'This invoice does not exist.');
    return c.json({ ...presentInvoice(row), customer: { name: user.name, email: user.email } });
  });
}
