// BILLING.md §5: which scenario a product is for a customer, and isUpgrade. The pricing table,
// checkout and attach all ask this one function so their buttons and actions agree.
import { intervalMonths } from './intervals.ts';
import { firstTierAmount, hasPrice, isPayPerUse } from './items.ts';
import { isFree, isOneOff, largestInterval } from './properties.ts';
import type { CustomerProduct, ProductItem } from './types.ts';

export const SCENARIOS = ['new', 'active', 'scheduled', 'renew', 'upgrade', 'downgrade', 'cancel'] as const;
export type Scenario = (typeof SCENARIOS)[number];

interface Priced {
  items: readonly ProductItem[];
}

export interface TargetProduct extends Priced {
  id: string;
  group: string;
  is_add_on: boolean;
}

// Stored trials keep their own status; the hosted API counts them as active with a trial end.
const CURRENT_STATUSES = new Set(['active', 'past_due', 'trialing']);

function sameEntity(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? null) === (b ?? null);
}

function latest(products: CustomerProduct[]): CustomerProduct | undefined {
  return products.reduce<CustomerProduct | undefined>(
    (best, product) => (!best || product.started_at > best.started_at ? product : best),
    undefined,
  );
}

/** The same-group, same-entity main (non add-on) products: where cur and sched are looked for. */
function mainProducts(
  products: readonly CustomerProduct[],
  group: string,
  entityId?: string | null,
): CustomerProduct[] {
  return products.filter(
    (product) => product.group === group && sameEntity(product.entity_id, entityId) && !product.is_add_on,
  );
}

/** cur: the same-group, same-entity main product that is live and recurring. */
export function findCurrent(
  products: readonly CustomerProduct[],
  group: string,
  entityId?: string | null,
): CustomerProduct | undefined {
  return latest(
    mainProducts(products, group, entityId).filter(
      (product) => CURRENT_STATUSES.has(product.status) && !isOneOff(product),
    ),
  );
}

/** sched: the same-group, same-entity main product waiting for cur's period end. */
export function findScheduled(
  products: readonly CustomerProduct[],
  group: string,
  entityId?: string | null,
): CustomerProduct | undefined {
  return latest(mainProducts(products, group, entityId).filter((product) => product.status === 'scheduled'));
}

/** Fixed amounts plus the first tier of each usage price: what "sorted by price" compares. */
export function comparableTotal(product: Priced): number {
  return product.items.filter(hasPrice).reduce((sum, item) => sum + firstTierAmount(item), 0);
}

export function isUpgrade(from: Priced, to: Priced): boolean {
  const fromFree = isFree(from);
  const toFree = isFree(to);
  if (fromFree && !toFree) return true;
  if (!fromFree && toFree) return false;
  const prices = [...from.items, ...to.items].filter(hasPrice);
  if (prices.every(isPayPerUse)) return true;
  const fromInterval = largestInterval(from);
  const toInterval = largestInterval(to);
  const fromMonths = fromInterval ? intervalMonths(fromInterval.interval, fromInterval.count) : 0;
  const toMonths = toInterval ? intervalMonths(toInterval.interval, toInterval.count) : 0;
  // An equal price is a downgrade: nothing is gained, so nothing should be charged now.
  if (fromMonths === toMonths) return comparableTotal(from) < comparableTotal(to);
  return toMonths > fromMonths;
}

/** The §5 rules, in order. `products` null means there is no customer yet. */
export function scenarioFor(
  products: readonly CustomerProduct[] | null,
  target: TargetProduct,
  entityId?: string | null,
): Scenario {
  if (!products) return 'new';
  const cur = findCurrent(products, target.group, entityId);
  if (!cur || target.is_add_on) return 'new';
  if (isOneOff(target)) return 'new';
  if (cur.id === target.id) return cur.canceled_at != null ? 'renew' : 'active';
  const sched = findScheduled(products, target.group, entityId);
  if (sched?.id === target.id) return 'scheduled';
  const curFree = isFree(cur);
  const targetFree = isFree(target);
  if (curFree && targetFree) return 'new';
  if (isUpgrade(cur, target)) return 'upgrade';
  if (!curFree && targetFree) return 'cancel';
  return 'downgrade';
}
