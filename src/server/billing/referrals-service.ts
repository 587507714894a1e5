// BILLING.md §9 referrals: one code per (customer, program); redemption rules and rewards.
import { randomInt } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { planCancel } from '../../core/billing/cancel.ts';
import { BillingError } from '../../core/billing/errors.ts';
import { addInterval } from '../../core/billing/intervals.ts';
import type { Reward } from '../../core/billing/types.ts';
import { applyChanges } from './apply-changes.ts';
import type { AttachService } from './attach-service.ts';
import type { BillingContext } from './context.ts';
import { loadProducts, type Tx } from './store.ts';
import { syncServerUsage } from './usage-sync.ts';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CODE_ATTEMPTS = 5;

function newCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export function createReferralsService(ctx: BillingContext, attach: AttachService) {
  const { db, catalogue, clock, programs } = ctx;

  function program(id: string | undefined) {
    const found = programs.find((p) => p.id === id);
    if (!found)
      throw new BillingError(
        404,
        'referral_program_not_found',
        `Referral program ${id ?? '(none)'} not found`,
      );
    return found;
  }

  async function code(customerId: string, body: { program_id?: string }) {
    const { id: programId } = program(body.program_id);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const existing = await db
        .selectFrom('billing_referral_codes')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('program_id', '=', programId)
        .executeTakeFirst();
      if (existing) return { code: existing.code, customer_id: customerId, created_at: existing.created_at };
      await db
        .insertInto('billing_referral_codes')
        .values({ code: newCode(), customer_id: customerId, program_id: programId, created_at: clock.now() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    throw new BillingError(500, 'internal_error', 'Could not allocate a referral code');
  }

  async function reward(tx: Tx, customerId: string, given: Reward | null) {
    if (!given) return;
    const now = clock.now();
    if (given.type === 'invoice_credits') {
      const row = await tx
        .selectFrom('billing_customers')
        .select('credit_cents')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('billing_customers')
        .set({ credit_cents: row.credit_cents + Math.round(given.amount * 100) })
        .where('id', '=', customerId)
        .execute();
    }
    if (given.type === 'free_product') {
      // The free months are the product's period; it then ends and the default plan returns.
      const until = addInterval(now, 'month', given.duration_months);
      const [rowId] = await applyChanges(
        { tx, catalogue, customerId, now, manual: true },
        (await attach.planFor(tx, customerId, given.product_id)).changes,
      );
      if (!rowId) return;
      await tx
        .updateTable('billing_products')
        .set({ current_period_end: until })
        .where('id', '=', rowId)
        .execute();
      const cancel = planCancel(
        catalogue,
        await loadProducts(tx, customerId),
        { product_id: given.product_id },
        now,
      );
      await applyChanges({ tx, catalogue, customerId, now }, cancel.changes);
      await syncServerUsage(tx, catalogue, customerId);
    }
  }

  async function redeem(customerId: string, body: { code?: string }) {
    const codeRow = body.code
      ? await db
          .selectFrom('billing_referral_codes')
          .selectAll()
          .where('code', '=', body.code.trim().toUpperCase())
          .executeTakeFirst()
      : undefined;
    if (!codeRow) throw new BillingError(404, 'referral_code_not_found', 'Referral code not found');
    const found = program(codeRow.program_id);
    const people = await db
      .selectFrom('billing_customers')
      .select(['id', 'name', 'email', 'fingerprint', 'created_at'])
      .where('id', 'in', [codeRow.customer_id, customerId])
      .execute();
    const referrer = people.find((p) => p.id === codeRow.customer_id);
    const redeemer = people.find((p) => p.id === customerId);
    if (!referrer || !redeemer)
      throw new BillingError(404, 'customer_not_found', `Customer ${customerId} not found`);
    if (
      referrer.id === redeemer.id ||
      (referrer.fingerprint && referrer.fingerprint === redeemer.fingerprint)
    ) {
      throw new BillingError(
        400,
        'customer_cannot_redeem_own_code',
        'You cannot redeem your own referral code',
      );
    }
    const id = `redem_${uuidv7().replaceAll('-', '')}`;
    await db.transaction().execute(async (tx) => {
      await attach.lock(tx, customerId);
      const done = await tx
        .selectFrom('billing_redemptions')
        .select(['redeemer_id', 'code'])
        .where('program_id', '=', found.id)
        .execute();
      if (done.some((r) => r.redeemer_id === customerId)) {
        throw new BillingError(
          400,
          'customer_already_redeemed_referral_code',
          'You have already redeemed a referral code',
        );
      }
      if (
        found.max_redemptions !== null &&
        done.filter((r) => r.code === codeRow.code).length >= found.max_redemptions
      ) {
        throw new BillingError(
          400,
          'referral_code_max_redemptions_reached',
          'This referral code has been used up',
        );
      }
      await tx
        .insertInto('billing_redemptions')
        .values({
          id,
          program_id: found.id,
          code: codeRow.code,
          referrer_id: referrer.id,
          redeemer_id: customerId,
          created_at: clock.now(),
        })
        .execute();
      if (found.when === 'customer_creation') {
        await reward(tx, customerId, found.redeemer_reward);
        await reward(tx, referrer.id, found.referrer_reward);
      }
    });
    const who = (p: typeof referrer) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      created_at: p.created_at,
    });
    return {
      id,
      customer_id: customerId,
      reward_id: found.id,
      referrer: who(referrer),
      redeemer: who(redeemer),
    };
  }

  return { code, redeem };
}
