// Sandbox payment sessions: a checkout (an attach waiting for a card) or a payment-method setup.
import { uuidv7 } from 'uuidv7';
import type { AttachRequest } from '../../core/billing/plan-types.ts';
import type { BillingCheckoutTable } from '../platform/db/billing-schema.ts';
import type { BillingContext } from './context.ts';
import type { Db } from './store.ts';

const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export async function createCheckoutSession(
  ctx: BillingContext,
  customerId: string,
  kind: BillingCheckoutTable['kind'],
  request: AttachRequest | null,
  successUrl: string | null | undefined,
): Promise<string> {
  const id = `co_${uuidv7().replaceAll('-', '')}`;
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('billing_checkouts')
    .values({
      id,
      customer_id: customerId,
      kind,
      request: JSON.stringify(request ?? {}),
      success_url: successUrl ?? null,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      completed_at: null,
    })
    .execute();
  const page = kind === 'checkout' ? 'checkout' : 'setup';
  return `${ctx.publicUrl}/billing/${page}/${id}`;
}

export async function getCheckoutSession(db: Db, id: string, customerId: string) {
  return db
    .selectFrom('billing_checkouts')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}
