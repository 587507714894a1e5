// Upwatch's per-plan display texts for the pricing table (SPEC.md §2), all read from the one plan
// table: nothing here restates a price or a limit.
import {
  FEATURE_KEYS,
  FEATURE_LABELS,
  featuresLost,
  formatCurrency,
  type Limit,
  MONITOR_PACK,
  PAGE_VIEW_PACK,
  PERFORMANCE_RUN_PACK,
  PLAN_LIST,
  type Plan,
} from '../../../core/plans';
import { formatCount, formatNumber } from '../../lib/format';
import type { ProductDetails, ProductItemOverride } from '../pricing-table';

/** Where SPEC.md is silent, the middle tier is the one recommended, as most pricing pages do. */
export const RECOMMENDED_PLAN = 'starter';
export const RECOMMEND_TEXT = 'Most popular';
/** Signed-out visitors have no customer to check out: every button signs them up first. */
export const SIGN_UP_URL = '/signup';

function count(limit: Limit, singular: string, plural: string): string {
  if (typeof limit !== 'number') return `Unlimited ${plural}`;
  return formatCount(limit, singular, plural);
}

function limitLines(plan: Plan): ProductItemOverride[] {
  const { limits } = plan;
  const every = limits.minCheckIntervalMinutes;
  return [
    { primaryText: count(limits.monitorsMax, 'monitor', 'monitors') },
    { primaryText: every === 1 ? 'Checks every minute' : `Checks every ${every} minutes` },
    { primaryText: count(limits.perfSitesMax, 'performance site', 'performance sites') },
    { primaryText: `${limits.webVitalsFrequency === 'daily' ? 'Daily' : 'Weekly'} Core Web Vitals` },
    {
      primaryText: count(limits.performanceRunsPerMonth, 'performance run', 'performance runs'),
      secondaryText: 'per month',
    },
    {
      primaryText: count(limits.rumPageViewsPerMonth, 'real-visitor page view', 'real-visitor page views'),
      secondaryText: 'per month',
    },
    { primaryText: `${formatNumber(limits.retentionDays.checks)}-day check history` },
    {
      primaryText: count(limits.subscribersPerPage, 'subscriber', 'subscribers'),
      secondaryText: 'per status page',
    },
  ];
}

/** What a plan adds over the one below it; the lowest plan lists everything it has. */
function featureLines(plan: Plan, previous: Plan | undefined): ProductItemOverride[] {
  const labels = previous
    ? featuresLost(plan.id, previous.id)
    : FEATURE_KEYS.filter((key) => plan.features[key]).map((key) => FEATURE_LABELS[key]);
  return labels.map((label) => ({ primaryText: label }));
}

function planDetails(plan: Plan, index: number): ProductDetails {
  const previous = index > 0 ? PLAN_LIST[index - 1] : undefined;
  return {
    id: plan.id,
    name: plan.displayName,
    description: plan.description,
    recommendText: plan.id === RECOMMENDED_PLAN ? RECOMMEND_TEXT : undefined,
    everythingFrom: previous?.displayName,
    buttonUrl: SIGN_UP_URL,
    // The free plan shows "$0" too (SPEC.md §9), so all three headlines compare at a glance.
    price: { primaryText: formatCurrency(plan.monthlyPrice), secondaryText: 'per month' },
    items: [...limitLines(plan), ...featureLines(plan, previous)],
  };
}

const ADD_ON_DETAILS: ProductDetails[] = [
  {
    id: 'monitor_pack',
    description: `${formatNumber(MONITOR_PACK.monitors)} more monitors on top of your plan, billed monthly with it. Buy as many packs as you need.`,
    buttonUrl: SIGN_UP_URL,
    price: {
      primaryText: formatCurrency(MONITOR_PACK.monthlyPrice),
      secondaryText: `per ${formatNumber(MONITOR_PACK.monitors)} monitors per month`,
    },
    items: [],
  },
  {
    id: 'performance_run_pack',
    description: `${formatNumber(PERFORMANCE_RUN_PACK.runs)} extra on-demand performance runs for when your monthly allowance is not enough. Paid once.`,
    buttonUrl: SIGN_UP_URL,
    price: {
      primaryText: formatCurrency(PERFORMANCE_RUN_PACK.price),
      secondaryText: `per ${formatNumber(PERFORMANCE_RUN_PACK.runs)} runs, one-off`,
    },
    items: [],
  },
  {
    id: 'rum_pageview_pack',
    description: `${formatNumber(PAGE_VIEW_PACK.pageViews)} more real-visitor page views for when your monthly allowance is not enough. Paid once; they last until used.`,
    buttonUrl: SIGN_UP_URL,
    price: {
      primaryText: formatCurrency(PAGE_VIEW_PACK.price),
      secondaryText: `per ${formatNumber(PAGE_VIEW_PACK.pageViews)} page views, one-off`,
    },
    items: [],
  },
];

/** Plans first, then add-ons; module-level so the pricing table's memo sees one array. */
export const UPWATCH_PRODUCT_DETAILS: ProductDetails[] = [...PLAN_LIST.map(planDetails), ...ADD_ON_DETAILS];
