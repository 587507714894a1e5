// What the billing hooks send to and receive from `/api/billing` (BILLING.md §2–3). Params are
// camelCase as callers write them; the client converts them to the wire's snake_case. Results
// keep the wire spelling, as the server sends them.
import type { CustomerFeature } from '../../core/billing/aggregate';
import type { PaywallPreview } from '../../core/billing/paywall';
import type { Scenario } from '../../core/billing/scenario';
import type { FreeTrial, ProductItem, ProductOption, ProductProperties } from '../../core/billing/types';
import type { BillingCustomer, CustomerProduct, Invoice, MoneyLine } from './types';

export type { CustomerFeature, PaywallPreview };

/** Who the customer is, sent as `customer_data` on every POST (the server may ignore it). */
export interface CustomerData {
  name?: string | null;
  email?: string | null;
  fingerprint?: string | null;
}

export type CustomerExpand =
  | 'invoices'
  | 'rewards'
  | 'trials_used'
  | 'entities'
  | 'referrals'
  | 'payment_method';

export interface GetCustomerParams {
  expand?: CustomerExpand[];
  errorOnNotFound?: boolean;
}

/** The customer with its features, which may arrive as a map or as a list (SPEC.md §3). */
export interface Customer extends BillingCustomer {
  features: Record<string, CustomerFeature> | CustomerFeature[];
  metadata?: Record<string, string>;
  trials_used?: { product_id: string }[];
  referrals?: unknown[];
  entities?: Entity[];
}

export interface ProductDisplay {
  name?: string;
  description?: string;
  button_text?: string;
  recommend_text?: string;
  everything_from?: string;
  button_url?: string;
}

/** A catalogue product as `/products` lists it, with the scenario for this customer. */
export interface BillingProduct {
  id: string;
  name: string;
  group: string;
  is_add_on: boolean;
  is_default: boolean;
  base_variant_id?: string | null;
  items: (ProductItem & { feature_id?: string | null })[];
  free_trial: FreeTrial | null;
  scenario: Scenario;
  properties: ProductProperties;
  display?: ProductDisplay;
}

export interface EntityData {
  featureId: string;
  name?: string;
}

export interface OptionInput {
  featureId: string;
  quantity: number;
}

export interface CheckoutParams {
  productId?: string;
  productIds?: string[];
  entityId?: string;
  entityData?: EntityData;
  options?: OptionInput[];
  successUrl?: string;
  forceCheckout?: boolean;
  invoice?: boolean;
  reward?: string;
  /** Passed through untouched (no snake_case conversion). */
  checkoutSessionParams?: Record<string, unknown>;
}

export interface AttachParams extends CheckoutParams {
  freeTrial?: boolean;
  metadata?: Record<string, string>;
}

export interface CheckoutResult {
  url: string | null;
  customer_id: string;
  lines: (MoneyLine & { item?: ProductItem | null })[];
  total: number;
  currency: string;
  options: ProductOption[];
  product: BillingProduct;
  current_product: BillingProduct | null;
  has_prorations: boolean;
  next_cycle?: { starts_at: number; total: number };
}

export interface AttachResult {
  customer_id: string;
  product_ids: string[];
  code: string;
  message: string;
  checkout_url?: string;
  invoice?: Invoice;
}

export interface CancelParams {
  productId: string;
  entityId?: string;
  cancelImmediately?: boolean;
}

export interface CancelResult {
  success: boolean;
  customer_id: string;
  product_id: string;
}

export interface CheckParams {
  featureId?: string;
  productId?: string;
  entityId?: string;
  entityData?: EntityData;
  requiredBalance?: number;
  sendEvent?: boolean;
  withPreview?: boolean;
}

/** A product check's preview is the checkout preview; a feature check's is the paywall's. */
export type CheckPreview = PaywallPreview | CheckoutResult;

export interface CheckResult extends Partial<Omit<CustomerFeature, 'id'>> {
  allowed: boolean;
  code?: string;
  customer_id: string;
  feature_id?: string;
  product_id?: string;
  entity_id?: string;
  required_balance?: number;
  status?: string;
  preview?: CheckPreview;
}

export interface TrackParams {
  featureId?: string;
  eventName?: string;
  value?: number;
  entityId?: string;
  entityData?: EntityData;
  idempotencyKey?: string;
  /** Passed through untouched (no snake_case conversion). */
  properties?: Record<string, unknown>;
}

export interface TrackResult {
  id: string;
  code: string;
  customer_id: string;
  entity_id?: string;
  feature_id?: string;
  event_name?: string;
}

export interface BillingPortalParams {
  returnUrl?: string;
}

export interface SetupPaymentParams {
  successUrl?: string;
  checkoutSessionParams?: Record<string, unknown>;
}

export interface UrlResult {
  customer_id: string;
  url: string;
}

export const USAGE_RANGES = ['24h', '7d', '30d', '90d', 'last_cycle'] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

export interface QueryParams {
  featureId: string | string[];
  range?: UsageRange;
}

export interface QueryResult {
  list: ({ period: number } & Record<string, number>)[];
}

export interface CreateEntityParams {
  id: string;
  name?: string;
  featureId: string;
}

export interface Entity {
  id: string;
  name: string | null;
  customer_id: string;
  created_at: number;
  env: string;
  products: CustomerProduct[];
  features: Record<string, CustomerFeature> | CustomerFeature[];
  invoices?: Invoice[];
}

export interface ReferralCode {
  code: string;
  customer_id: string;
  created_at: number;
}

export interface RedeemResult {
  id: string;
  customer_id: string;
  reward_id: string | null;
}
