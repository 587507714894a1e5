// What the billing tab reads off the customer's products: the running plan, the change
// scheduled after it, the add-ons and their quantities, and what a cancel would take away.
import {
  MONITOR_PACK,
  PERFORMANCE_RUN_PACK,
  PLANS,
  type Plan,
  type RetentionKey,
} from '../../../../core/plans';
import type { CustomerProduct } from '../../../billing/types';
import { formatCount } from '../../../lib/format';
import type { PlanState } from '../../../lib/use-plan';

const RUNNING = new Set(['active', 'trialing', 'past_due']);

export interface Subscription {
  /** The main plan product now in force (none for a customer billing could not load). */
  current: CustomerProduct | null;
  /** The plan that takes over at the end of the cycle (a downgrade or a cancel to Free). */
  scheduled: CustomerProduct | null;
  addOns: CustomerProduct[];
}

export function subscriptionOf(products: readonly CustomerProduct[]): Subscription {
  const main = products.filter((product) => !product.is_add_on);
  return {
    current: main.find((product) => RUNNING.has(product.status)) ?? null,
    scheduled: main.find((product) => product.status === 'scheduled') ?? null,
    addOns: products.filter((product) => product.is_add_on && RUNNING.has(product.status)),
  };
}

export function cycleEnd(product: CustomerProduct): number | null {
  return product.status === 'trialing'
    ? (product.trial_ends_at ?? product.current_period_end)
    : product.current_period_end;
}

/**
 * How much an add-on adds, in feature units. The customer payload carries no prepaid options,
 * so it is what the customer holds beyond the plan's own allowance.
 */
export function addOnQuantity(product: CustomerProduct, plan: Plan, limits: PlanState['limits']): string {
  const beyond = (limit: number | string, own: number | string) =>
    typeof limit === 'number' && typeof own === 'number' ? Math.max(0, limit - own) : null;
  if (product.id === 'monitor_pack') {
    const monitors = beyond(limits.monitors, plan.limits.monitorsMax);
    if (monitors === null) return '';
    const packs = Math.round(monitors / MONITOR_PACK.monitors);
    return `${monitors} monitors (${formatCount(packs, 'pack', 'packs')})`;
  }
  if (product.id === 'performance_run_pack') {
    const runs = beyond(limits.performanceRuns, plan.limits.performanceRunsPerMonth);
    if (runs === null) return '';
    const packs = Math.round(runs / PERFORMANCE_RUN_PACK.runs);
    return `${runs} performance runs (${formatCount(packs, 'pack', 'packs')})`;
  }
  return '';
}

const HISTORY_LABELS: Record<RetentionKey, string> = {
  checks: 'Check results',
  sslChecks: 'SSL certificate checks',
  performanceChecks: 'Performance checks',
  deployments: 'Deployments',
  incidents: 'Incidents',
  performanceAlerts: 'Performance alerts',
  budgetViolations: 'Budget violations',
  digestReports: 'Digest reports',
};

export interface PrunedHistory {
  label: string;
  keptDays: number;
  nowDays: number;
}

/** The history a move from `from` to `to` deletes: everything older than `to` keeps. */
export function historyPruned(from: Plan, to: Plan): PrunedHistory[] {
  return (Object.keys(HISTORY_LABELS) as RetentionKey[])
    .filter((key) => to.limits.retentionDays[key] < from.limits.retentionDays[key])
    .map((key) => ({
      label: HISTORY_LABELS[key],
      keptDays: to.limits.retentionDays[key],
      nowDays: from.limits.retentionDays[key],
    }));
}

/** The plan a cancelled subscription falls back to. */
export const FALLBACK_PLAN = PLANS.free;
