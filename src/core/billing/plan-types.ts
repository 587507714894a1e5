// What the attach, checkout and cancel planners hand the server: the decision, the product
// changes to store (in order, in one transaction) and the preview to show or charge.
import type { PreviewLine } from './preview-lines.ts';
import type { Scenario } from './scenario.ts';
import type { CustomerProduct, ProductOption } from './types.ts';

export interface CustomerState {
  /** Every stored product of the customer, any status; null when there is no customer yet. */
  products: readonly CustomerProduct[] | null;
  has_payment_method: boolean;
  /** Products whose trial this customer (or its fingerprint) has already had. */
  trials_used: readonly string[];
}

export interface AttachRequest {
  product_id?: string;
  product_ids?: string[];
  entity_id?: string | null;
  options?: ProductOption[];
  force_checkout?: boolean;
  /** false skips the trial. */
  free_trial?: boolean;
  /** The request was made with a publishable key: always send a payment page for paid products. */
  public_key?: boolean;
}

export type ProductChange =
  | {
      kind: 'activate';
      product_id: string;
      entity_id: string | null;
      status: 'active' | 'trialing';
      options: ProductOption[];
      period_start: number;
      /** null: nothing recurs (free or one-off). */
      period_end: number | null;
      trial_ends_at: number | null;
      /** The product whose continuous usage carries over (§6 "Usage on a product change"). */
      carry_usage_from: string | null;
    }
  | {
      kind: 'schedule';
      product_id: string;
      entity_id: string | null;
      options: ProductOption[];
      starts_at: number;
    }
  | { kind: 'expire'; row_id: string; at: number }
  | { kind: 'cancel'; row_id: string; canceled_at: number; ends_at: number | null }
  | { kind: 'uncancel'; row_id: string }
  | { kind: 'delete'; row_id: string }
  | { kind: 'update_options'; row_id: string; options: ProductOption[] }
  | { kind: 'add_options'; row_id: string; options: ProductOption[] }
  | { kind: 'migrate'; row_id: string; product_id: string; version: number };

export type AttachBranch =
  | 'multi'
  | 'one_off'
  | 'top_up'
  | 'migrate'
  | 'update_quantity'
  | 'renew'
  | 'add_on'
  | 'cur_free'
  | 'cur_trialing'
  | 'upgrade'
  | 'downgrade'
  | 'new';

export type AttachCode =
  | 'checkout_created'
  | 'new_product_attached'
  | 'free_product_attached'
  | 'one_off_product_attached'
  | 'updated_product_successfully'
  | 'downgrade_scheduled'
  | 'features_updated'
  | 'renewed_product';

export interface CheckoutPreview {
  lines: PreviewLine[];
  total: number;
  currency: 'usd';
  /** Prepaid quantities in feature units. */
  options: ProductOption[];
  has_prorations: boolean;
  next_cycle?: { starts_at: number; total: number };
  product_ids: string[];
  current_product_id: string | null;
}

export interface AttachPlan {
  branch: AttachBranch;
  scenario: Scenario;
  code: AttachCode;
  /** Send the customer to a payment page; apply `changes` only once it succeeds. */
  needs_payment_page: boolean;
  changes: ProductChange[];
  preview: CheckoutPreview;
}
