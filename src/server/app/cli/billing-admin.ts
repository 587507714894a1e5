// `upwatch billing grant --email E --plan P` and `upwatch billing show --email E`: for
// self-hosters, who attach plans without payment and look at a customer from the shell.
import { findProduct } from '../../../core/billing/catalogue.ts';
import type { Billing } from '../../billing/create-billing.ts';
import { presentCustomer } from '../../billing/customers.ts';
import type { DatabaseHandle } from '../../platform/db/connect.ts';

export class BillingAdminError extends Error {
  override name = 'BillingAdminError';
}

export interface BillingAdminArgs {
  action: string | undefined;
  email: string | undefined;
  plan: string | undefined;
}

async function userByEmail(database: DatabaseHandle, email: string | undefined) {
  if (!email) throw new BillingAdminError('--email is required');
  const user = await database.db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new BillingAdminError(`No user with email ${email}`);
  return user;
}

const date = (at: number | null) => (at === null ? '—' : new Date(at).toISOString().slice(0, 10));

/** Runs one admin action and returns the lines to print. */
export async function runBillingAdmin(
  args: BillingAdminArgs,
  database: DatabaseHandle,
  billing: Billing,
): Promise<string[]> {
  if (!billing.attach) {
    throw new BillingAdminError(
      'billing commands manage the local provider; BILLING_PROVIDER=autumn keeps its customers upstream',
    );
  }
  const catalogue = billing.context.catalogue;
  const user = await userByEmail(database, args.email);
  await billing.onUserCreated(user);

  if (args.action === 'grant') {
    const product = args.plan ? findProduct(catalogue, args.plan) : undefined;
    if (!product) {
      const ids = catalogue.products.map((p) => p.id).join(', ');
      throw new BillingAdminError(`--plan must be one of: ${ids}`);
    }
    const plan = await billing.attach.grant(user.id, product.id);
    return [`Granted ${product.name} to ${user.email} (manual grant, no payment): ${plan.code}`];
  }

  if (args.action === 'show') {
    const customer = (await presentCustomer(database.db, catalogue, user.id, [
      'invoices',
      'payment_method',
    ])) as {
      products: {
        id: string;
        name: string;
        status: string;
        canceled_at: number | null;
        current_period_end: number | null;
      }[];
      features: Record<
        string,
        { type: string; unlimited: boolean; usage: number; included_usage: number; balance: number | null }
      >;
      invoices: { id: string; total: number; status: string; created_at: number }[];
      payment_method: { brand: string; last4: string } | null;
    };
    const manual = new Set(
      (
        await database.db
          .selectFrom('billing_products')
          .select('product_id')
          .where('customer_id', '=', user.id)
          .where('granted_manually', '=', 1)
          .where('status', '!=', 'expired')
          .execute()
      ).map((row) => row.product_id),
    );
    const lines = [`${user.name} <${user.email}> (${user.id})`, 'Products:'];
    for (const p of customer.products) {
      const ends = p.canceled_at !== null ? `, ends ${date(p.current_period_end)}` : '';
      lines.push(`  ${p.name} — ${p.status}${ends}${manual.has(p.id) ? ' (manual grant)' : ''}`);
    }
    lines.push('Usage:');
    for (const [id, f] of Object.entries(customer.features)) {
      if (f.type === 'static') continue;
      lines.push(`  ${id}: ${f.usage} used of ${f.unlimited ? 'unlimited' : f.included_usage}`);
    }
    const card = customer.payment_method;
    lines.push(`Payment method: ${card ? `${card.brand} •••• ${card.last4}` : 'none'}`);
    lines.push(`Invoices: ${customer.invoices.length}`);
    for (const invoice of customer.invoices.slice(0, 5)) {
      lines.push(
        `  ${date(invoice.created_at)} ${invoice.id} $${invoice.total.toFixed(2)} ${invoice.status}`,
      );
    }
    return lines;
  }
  throw new BillingAdminError(
    'Usage: upwatch billing grant --email E --plan P | upwatch billing show --email E',
  );
}
