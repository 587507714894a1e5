// Invoices of the local provider: one per charge (checkout, upgrade, quantity change, renewal)
// or refund. The sandbox collects them at once from the card on file, so they are born paid.
import { uuidv7 } from 'uuidv7';
import type { PreviewLine } from '../../core/billing/preview-lines.ts';
import type { BillingInvoiceTable } from '../platform/db/billing-schema.ts';
import type { Tx } from './store.ts';

export interface InvoiceLine {
  description: string;
  amount: number;
}

export interface InvoiceDraft {
  reason: 'checkout' | 'upgrade' | 'quantity_update' | 'renewal' | 'refund' | 'top_up';
  lines: readonly Pick<PreviewLine, 'description' | 'amount'>[];
  productIds: readonly string[];
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * Stores an invoice for the draft, paying it first from the customer's invoice credit. Returns
 * null when there is nothing to bill (no lines, or every line is 0).
 */
export async function issueInvoice(
  tx: Tx,
  customerId: string,
  draft: InvoiceDraft,
  now: number,
): Promise<BillingInvoiceTable | null> {
  const lines: InvoiceLine[] = draft.lines
    .filter((line) => cents(line.amount) !== 0)
    .map((line) => ({ description: line.description, amount: line.amount }));
  if (lines.length === 0) return null;
  let total = lines.reduce((sum, line) => sum + cents(line.amount), 0);
  if (total > 0) {
    const customer = await tx
      .selectFrom('billing_customers')
      .select('credit_cents')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const credit = Math.min(customer.credit_cents, total);
    if (credit > 0) {
      lines.push({ description: 'Referral credit', amount: -credit / 100 });
      total -= credit;
      await tx
        .updateTable('billing_customers')
        .set({ credit_cents: customer.credit_cents - credit })
        .where('id', '=', customerId)
        .execute();
    }
  }
  const row: BillingInvoiceTable = {
    id: `inv_${uuidv7().replaceAll('-', '')}`,
    customer_id: customerId,
    status: 'paid',
    reason: draft.reason,
    total_cents: total,
    currency: 'usd',
    lines: JSON.stringify(lines),
    product_ids: JSON.stringify(draft.productIds),
    created_at: now,
  };
  await tx.insertInto('billing_invoices').values(row).execute();
  return row;
}

/** BILLING.md's invoice shape; `hosted_invoice_url` is the invoice page in the app. */
export function presentInvoice(row: BillingInvoiceTable) {
  return {
    id: row.id,
    product_ids: JSON.parse(row.product_ids) as string[],
    status: row.status,
    reason: row.reason,
    total: row.total_cents / 100,
    currency: row.currency,
    lines: JSON.parse(row.lines) as InvoiceLine[],
    created_at: row.created_at,
    hosted_invoice_url: `/billing/invoices/${row.id}`,
  };
}
