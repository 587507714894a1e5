// Row shapes of the billing tables (migration 0005). JSON columns are text.
export interface BillingCustomerTable {
  id: string;
  name: string | null;
  email: string | null;
  fingerprint: string | null;
  metadata: string;
  /** JSON `{brand, last4, added_at}` once the sandbox checkout or setup page saved a card. */
  payment_method: string | null;
  /** Invoice credit (referral rewards), applied to the next invoice. */
  credit_cents: number;
  created_at: number;
}

export interface BillingProductTable {
  id: string;
  customer_id: string;
  product_id: string;
  entity_id: string | null;
  status: string;
  version: number;
  snapshot: string;
  options: string;
  canceled_at: number | null;
  started_at: number;
  current_period_start: number | null;
  current_period_end: number | null;
  trial_ends_at: number | null;
  ended_at: number | null;
  granted_manually: number;
  created_at: number;
}

export interface BillingEntitlementTable {
  id: string;
  customer_id: string;
  customer_product_id: string | null;
  feature_id: string;
  next_reset_at: number | null;
  data: string;
}

export interface BillingEventTable {
  id: string;
  customer_id: string;
  event_name: string;
  value: number;
  entity_id: string | null;
  properties: string | null;
  idempotency_key: string | null;
  timestamp: number;
}

export interface BillingInvoiceTable {
  id: string;
  customer_id: string;
  status: 'paid' | 'open' | 'void';
  reason: string;
  total_cents: number;
  currency: string;
  lines: string;
  product_ids: string;
  created_at: number;
}

export interface BillingEntityTable {
  customer_id: string;
  id: string;
  name: string | null;
  feature_id: string;
  created_at: number;
}

export interface BillingReferralCodeTable {
  code: string;
  customer_id: string;
  program_id: string;
  created_at: number;
}

export interface BillingRedemptionTable {
  id: string;
  program_id: string;
  code: string;
  referrer_id: string;
  redeemer_id: string;
  created_at: number;
}

export interface BillingTrialTable {
  customer_id: string;
  product_id: string;
  fingerprint: string | null;
}

export interface BillingCheckoutTable {
  id: string;
  customer_id: string;
  kind: 'checkout' | 'setup';
  request: string;
  success_url: string | null;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
}

export interface BillingTables {
  billing_customers: BillingCustomerTable;
  billing_products: BillingProductTable;
  billing_entitlements: BillingEntitlementTable;
  billing_events: BillingEventTable;
  billing_invoices: BillingInvoiceTable;
  billing_entities: BillingEntityTable;
  billing_referral_codes: BillingReferralCodeTable;
  billing_redemptions: BillingRedemptionTable;
  billing_trials: BillingTrialTable;
  billing_checkouts: BillingCheckoutTable;
}
