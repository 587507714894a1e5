// The catalogue model of BILLING.md §3–4, in the wire spelling (snake_case) so the server can
// send these objects as they are. All times are epoch milliseconds.

export const RESET_INTERVALS = [
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'semi_annual',
  'year',
] as const;
export type ResetInterval = (typeof RESET_INTERVALS)[number];

/** Billing intervals are the calendar subset of reset intervals (§5 isUpgrade counts in months). */
export type BillingInterval = 'week' | 'month' | 'quarter' | 'semi_annual' | 'year';

export type FeatureType = 'boolean' | 'single_use' | 'continuous_use' | 'credit_system';

export interface FeatureDisplay {
  singular: string;
  plural: string;
}

export interface CreditSchemaEntry {
  metered_feature_id: string;
  credit_cost: number;
}

export interface Feature {
  id: string;
  name: string;
  type: FeatureType;
  display?: FeatureDisplay;
  /** Credit systems only: what each metered unit costs in credits. */
  credit_schema?: CreditSchemaEntry[];
  /** Event names a `track({event_name})` deducts this feature for. */
  event_names?: string[];
}

export type Included = number | 'inf';
export type UsageModel = 'prepaid' | 'pay_per_use';

export interface PriceTier {
  to: number | 'inf';
  amount: number;
}

export interface RolloverConfig {
  /** Cap on the summed rollover balance; null for none. */
  max: number | null;
  duration: 'month' | 'forever';
  length: number;
}

export interface ItemDisplay {
  primary_text: string;
  secondary_text?: string;
}

export type ProductItemType = 'price' | 'feature' | 'priced_feature';

/**
 * One line of a product. `interval` is the billing interval of a price (null = one-off) and the
 * reset interval of a feature (null = lifetime grant).
 */
export interface ProductItem {
  type: ProductItemType;
  feature_id?: string | null;
  included_usage?: Included | null;
  interval?: ResetInterval | null;
  interval_count?: number;
  price?: number | null;
  tiers?: PriceTier[] | null;
  usage_model?: UsageModel | null;
  billing_units?: number | null;
  usage_limit?: number | null;
  entity_feature_id?: string | null;
  reset_usage_when_enabled?: boolean;
  config?: { rollover?: RolloverConfig | null } | null;
  display?: ItemDisplay;
}

export interface FreeTrial {
  duration: 'day' | 'month' | 'year';
  length: number;
  unique_fingerprint: boolean;
  card_required: boolean;
  trial_available?: boolean;
}

export interface ProductProperties {
  is_free: boolean;
  is_one_off: boolean;
  interval_group: BillingInterval | null;
  has_trial: boolean;
  updateable: boolean;
}

export interface Product {
  id: string;
  name: string;
  group: string;
  is_add_on: boolean;
  is_default: boolean;
  version: number;
  items: ProductItem[];
  free_trial: FreeTrial | null;
}

export interface Catalogue {
  features: Feature[];
  products: Product[];
}

export interface ProductOption {
  feature_id: string;
  /** In feature units; stored as packs = ceil(quantity / billing_units). */
  quantity: number;
}

export type CustomerProductStatus = 'active' | 'trialing' | 'scheduled' | 'past_due' | 'expired';

/**
 * A product a customer holds, with the item snapshot it was bought with (so a later catalogue
 * change never reprices what a customer already has). `row_id` names the stored row.
 */
export interface CustomerProduct {
  row_id: string;
  id: string;
  name: string;
  group: string;
  is_add_on: boolean;
  is_default: boolean;
  version: number;
  items: ProductItem[];
  status: CustomerProductStatus;
  canceled_at: number | null;
  started_at: number;
  current_period_start: number | null;
  current_period_end: number | null;
  trial_ends_at?: number | null;
  entity_id?: string | null;
  /** Prepaid quantities in feature units. */
  options?: ProductOption[];
  /** Units used per pay-per-use feature this period, for the overage line of an upgrade. */
  usage?: Record<string, number>;
}

export type Reward =
  | { type: 'percentage_discount'; percent: number; duration_months: number | null }
  | { type: 'fixed_discount'; amount: number; duration_months: number | null }
  | { type: 'free_product'; product_id: string; duration_months: number }
  | { type: 'invoice_credits'; amount: number };

/** BILLING.md §9: who gets what when a referral code is redeemed. */
export interface ReferralProgram {
  id: string;
  /** `customer_creation`: applied on redemption; `checkout`: when the redeemer first pays. */
  when: 'customer_creation' | 'checkout';
  max_redemptions: number | null;
  redeemer_reward: Reward | null;
  referrer_reward: Reward | null;
}
