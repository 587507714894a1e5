// SPEC.md §2 "Confirmation dialog texts by scenario" and §4's price-line rules, as pure functions
// so every scenario's exact wording is tested without rendering a dialog.
import { billingUnits, isPayPerUse, isPrepaid } from '../../../core/billing/items';
import { featuresLost, PLAN_IDS, type PlanId } from '../../../core/plans';
import type { BillingProduct, CheckoutResult } from '../api-types';

export interface CheckoutContent {
  title: string;
  message: string;
}

/** Turns the preview's epoch milliseconds into the viewer's date ("Apr 3, 2025"). */
export type DateText = (at: number) => string;

/** The order matters: a one-off purchase or a quantity update reads the same whatever the scenario. */
export function checkoutContent(result: CheckoutResult, date: DateText): CheckoutContent {
  const { product, current_product, next_cycle } = result;
  const { is_one_off, is_free, has_trial, updateable } = product.properties;
  const name = product.name;
  const current = current_product?.name ?? 'your current plan';
  const on = next_cycle ? date(next_cycle.starts_at) : 'the end of your billing cycle';

  if (is_one_off) {
    return {
      title: `Purchase ${name}`,
      message: `By clicking confirm, you will purchase ${name} and your card will be charged immediately.`,
    };
  }
  if (product.scenario === 'active' && updateable) {
    return {
      title: 'Update Plan',
      message:
        "Update your prepaid quantity. You'll be charged or credited the prorated difference based on your current billing cycle.",
    };
  }
  if (has_trial) {
    return {
      title: `Start trial for ${name}`,
      message: `By clicking confirm, you will start a free trial of ${name} which ends on ${on}.`,
    };
  }
  switch (product.scenario) {
    case 'scheduled':
      return {
        title: `${name} product already scheduled`,
        message: `You are currently on product ${current} and are scheduled to start ${name} on ${on}.`,
      };
    case 'active':
      return { title: 'Product already active', message: 'You are already subscribed to this product.' };
    case 'new':
      return is_free
        ? { title: `Enable ${name}`, message: `By clicking confirm, ${name} will be enabled immediately.` }
        : {
            title: `Subscribe to ${name}`,
            message: `By clicking confirm, you will be subscribed to ${name} and your card will be charged immediately.`,
          };
    case 'renew':
      return { title: 'Renew', message: `By clicking confirm, you will renew your subscription to ${name}.` };
    case 'upgrade':
      return {
        title: `Upgrade to ${name}`,
        message: `By clicking confirm, you will upgrade to ${name} and your payment method will be charged immediately.`,
      };
    case 'downgrade':
      return {
        title: `Downgrade to ${name}`,
        message: `By clicking confirm, your current subscription to ${current} will be cancelled and a new subscription to ${name} will begin on ${on}.`,
      };
    case 'cancel':
      return {
        title: 'Cancel',
        message: `By clicking confirm, your subscription to ${current} will end on ${on}.`,
      };
    default:
      return { title: 'Change Subscription', message: 'You are about to change your subscription.' };
  }
}

type Item = BillingProduct['items'][number];

export interface PriceRow {
  item: Item;
  /** Prepaid items carry their quantity (feature units) and can be edited. */
  prepaid: boolean;
  quantity: number;
}

/**
 * The "Price" rows: none for a free product; priced items otherwise, except that updating an
 * active plan's prepaid quantity shows only the prepaid rows (SPEC.md §4).
 */
export function priceRows(result: CheckoutResult): PriceRow[] {
  const { product } = result;
  if (product.properties.is_free) return [];
  const quantityUpdate = product.scenario === 'active' && product.properties.updateable;
  return product.items
    .filter((item) => item.type !== 'feature')
    .filter((item) => !quantityUpdate || isPrepaid(item))
    .map((item) => ({ item, prepaid: isPrepaid(item), quantity: prepaidQuantity(result, item) }));
}

/** What the preview was priced with: the echoed option, else one pack (BILLING.md §6). */
export function prepaidQuantity(result: CheckoutResult, item: Item): number {
  const option = result.options.find((row) => row.feature_id === item.feature_id);
  return option?.quantity ?? billingUnits(item);
}

/** SPEC.md §4/§5: the popover takes packs; the server is sent packs × billing_units. */
export function quantityFromUnits(units: number, item: Item): number {
  return units * billingUnits(item);
}

export function unitsFromQuantity(quantity: number, item: Item): number {
  return Math.ceil(quantity / billingUnits(item));
}

/** The options Confirm and Save send, camelCase as the hooks take them. */
export function optionInputs(result: CheckoutResult): { featureId: string; quantity: number }[] {
  return result.options.map((option) => ({ featureId: option.feature_id, quantity: option.quantity }));
}

export function hasUsagePrices(result: CheckoutResult): boolean {
  return result.product.items.some(isPayPerUse);
}

/** BILLING.md §10: the next cycle shows when it costs something other than today. */
export function showsNextCycle(result: CheckoutResult): boolean {
  return result.next_cycle != null && result.next_cycle.total !== result.total;
}

function planId(id: string | undefined): PlanId | null {
  return PLAN_IDS.find((plan) => plan === id) ?? null;
}

/** Feature labels a move between two of our plans takes away; empty for add-ons and upgrades. */
export function lostFeatures(result: CheckoutResult): string[] {
  const from = planId(result.current_product?.id);
  const to = planId(result.product.id);
  return from && to ? featuresLost(from, to) : [];
}
