// Words and numbers the billing pages show for raw API values.
import type { CustomerProductStatus } from '../../core/billing/types';
import type { Invoice, PaymentMethod } from './types';

const PRODUCT_STATUS: Record<CustomerProductStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  scheduled: 'Scheduled',
  past_due: 'Past due',
  expired: 'Expired',
};

export function productStatusLabel(status: CustomerProductStatus): string {
  return PRODUCT_STATUS[status] ?? status;
}

/** "paid" → "Paid", "uncollectible" → "Uncollectible". */
export function invoiceStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
}

/**
 * A short number people can quote ("INV-3F9A0C12"). Invoice ids are `inv_` + a UUIDv7 whose
 * tail is random, so its last eight characters tell one customer's invoices apart.
 */
export function invoiceNumber(invoice: Pick<Invoice, 'id'>): string {
  return `INV-${invoice.id.replace(/^inv_/, '').slice(-8).toUpperCase()}`;
}

const REASONS: Record<string, string> = {
  checkout: 'Subscription',
  upgrade: 'Plan upgrade',
  quantity_update: 'Quantity change',
  renewal: 'Renewal',
  refund: 'Refund',
  top_up: 'Top-up',
};

/** The first line's text (with how many more), or the reason when an invoice has no lines. */
export function invoiceDescription(invoice: Pick<Invoice, 'lines' | 'reason'>): string {
  const [first, ...rest] = invoice.lines;
  if (!first) return REASONS[invoice.reason] ?? invoice.reason;
  return rest.length > 0 ? `${first.description} and ${rest.length} more` : first.description;
}

/** "Visa •••• 4242". */
export function cardLabel(card: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
