// The parts of `/api/billing` answers the sandbox pages and the portal read. The server's own
// shapes live in src/server/billing; these mirror only the fields the web shows.
import type { CustomerProductStatus, ProductItem } from '../../core/billing/types';

export interface MoneyLine {
  description: string;
  amount: number;
}

/** A sandbox payment session: a checkout waiting for a card, or a card set-up. */
export interface SandboxCheckout {
  id: string;
  kind: 'checkout' | 'setup';
  completed: boolean;
  expired: boolean;
  product: { id: string; name: string } | null;
  lines: MoneyLine[];
  /** Due today, in dollars. */
  total: number;
  currency: string;
  next_cycle?: { starts_at: number; total: number };
  success_url: string | null;
}

export interface PayRequest {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface Invoice {
  id: string;
  status: string;
  reason: string;
  total: number;
  currency: string;
  lines: MoneyLine[];
  product_ids: string[];
  created_at: number;
  hosted_invoice_url: string;
}

export interface SandboxInvoice extends Invoice {
  customer: { name: string | null; email: string | null };
}

export interface CustomerProduct {
  id: string;
  name: string;
  group: string;
  status: CustomerProductStatus;
  canceled_at: number | null;
  started_at: number;
  is_add_on: boolean;
  current_period_start: number | null;
  current_period_end: number | null;
  trial_ends_at?: number | null;
  items: ProductItem[];
}

export interface PaymentMethod {
  brand: string;
  last4: string;
  added_at: number;
}

export interface BillingCustomer {
  id: string;
  name: string | null;
  email: string | null;
  products: CustomerProduct[];
  invoices?: Invoice[];
  payment_method?: PaymentMethod | null;
}
