// The one plan table (SPEC.md §6 and §9). The server, the pricing page, the gates and the
// landing page all import it; nothing else may restate a price, limit or feature.

export const PLAN_IDS = ['free', 'starter', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const FEATURE_KEYS = [
  'sslMonitoring',
  'publicStatusPages',
  'removeBranding',
  'incidentManagement',
  'performanceBudgets',
  'digests',
  'apiAccess',
  'webhooks',
  'githubActions',
  'prioritySupport',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** A limit that has no ceiling. */
export const UNLIMITED = 'unlimited' as const;
export type Limit = number | typeof UNLIMITED;

export type RetentionKey =
  | 'checks'
  | 'sslChecks'
  | 'performanceChecks'
  | 'incidents'
  | 'deployments'
  | 'performanceAlerts'
  | 'budgetViolations'
  | 'digestReports';

export interface PlanLimits {
  monitorsMax: Limit;
  minCheckIntervalMinutes: number;
  perfSitesMax: Limit;
  webVitalsFrequency: 'weekly' | 'daily';
  /** On-demand performance audits ('Run now') a month. */
  performanceRunsPerMonth: number;
  /** Real visitors' page views counted a month (issue 42); past them, page views are not stored. */
  rumPageViewsPerMonth: number;
  /** Subscribers (email and webhook, confirmed or awaiting confirmation) of each status page. */
  subscribersPerPage: Limit;
  retentionDays: Record<RetentionKey, number>;
}

export interface Plan {
  id: PlanId;
  displayName: string;
  description: string;
  monthlyPrice: number;
  limits: PlanLimits;
  features: Record<FeatureKey, boolean>;
}

export const FEATURE_LABELS: Record<FeatureKey, string> = {
  sslMonitoring: 'SSL certificate monitoring',
  publicStatusPages: 'Public status pages',
  removeBranding: 'Remove branding',
  incidentManagement: 'Incident management',
  performanceBudgets: 'Performance budgets',
  digests: 'Email digests',
  apiAccess: 'API access',
  webhooks: 'Webhooks',
  githubActions: 'GitHub Actions',
  prioritySupport: 'Priority support',
};

/** Billing feature ids (snake_case, SPEC.md §3) for each feature key. */
export const FEATURE_IDS: Record<FeatureKey, string> = {
  sslMonitoring: 'ssl_monitoring',
  publicStatusPages: 'public_status_pages',
  removeBranding: 'remove_branding',
  incidentManagement: 'incident_management',
  performanceBudgets: 'performance_budgets',
  digests: 'digests',
  apiAccess: 'api_access',
  webhooks: 'webhooks',
  githubActions: 'github_actions',
  prioritySupport: 'priority_support',
};

function features(enabled: FeatureKey[]): Record<FeatureKey, boolean> {
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, enabled.includes(key)])) as Record<
    FeatureKey,
    boolean
  >;
}

function retention(short: number, long: number, digestReports: number): Record<RetentionKey, number> {
  return {
    checks: short,
    sslChecks: short,
    performanceChecks: short,
    deployments: short,
    incidents: long,
    performanceAlerts: long,
    budgetViolations: long,
    digestReports,
  };
}

const FREE_FEATURES: FeatureKey[] = ['sslMonitoring', 'publicStatusPages'];
const STARTER_FEATURES: FeatureKey[] = [
  ...FREE_FEATURES,
  'removeBranding',
  'incidentManagement',
  'performanceBudgets',
  'digests',
];

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    displayName: 'Free',
    description: 'For side projects and trying Upwatch out.',
    monthlyPrice: 0,
    limits: {
      monitorsMax: 5,
      minCheckIntervalMinutes: 15,
      perfSitesMax: 2,
      webVitalsFrequency: 'weekly',
      performanceRunsPerMonth: 10,
      rumPageViewsPerMonth: 10_000,
      subscribersPerPage: 100,
      retentionDays: retention(7, 30, 90),
    },
    features: features(FREE_FEATURES),
  },
  starter: {
    id: 'starter',
    displayName: 'Starter',
    description: 'For growing sites that need incidents, budgets and digests.',
    monthlyPrice: 19,
    limits: {
      monitorsMax: 25,
      minCheckIntervalMinutes: 10,
      perfSitesMax: 15,
      webVitalsFrequency: 'daily',
      performanceRunsPerMonth: 100,
      rumPageViewsPerMonth: 250_000,
      subscribersPerPage: 1000,
      retentionDays: retention(90, 180, 180),
    },
    features: features(STARTER_FEATURES),
  },
  pro: {
    id: 'pro',
    displayName: 'Pro',
    description: 'For teams that ship often: API, webhooks and one-minute checks.',
    monthlyPrice: 39,
    limits: {
      monitorsMax: 100,
      minCheckIntervalMinutes: 1,
      perfSitesMax: UNLIMITED,
      webVitalsFrequency: 'daily',
      performanceRunsPerMonth: 1000,
      rumPageViewsPerMonth: 2_000_000,
      subscribersPerPage: UNLIMITED,
      retentionDays: retention(365, 365, 365),
    },
    features: features([...FEATURE_KEYS]),
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** Recurring add-on: monitors per pack and the monthly price of one pack. */
export const MONITOR_PACK = { monitors: 10, monthlyPrice: 5 } as const;
/** One-off top-up: performance runs per pack and its price. */
export const PERFORMANCE_RUN_PACK = { runs: 50, price: 5 } as const;
/** One-off top-up: real visitors' page views per pack and its price. */
export const PAGE_VIEW_PACK = { pageViews: 100_000, price: 5 } as const;
/** Referral program `friends`: months of starter for the redeemer, credit for the referrer. */
export const FRIENDS_REFERRAL = { freeMonths: 1, freePlan: 'starter', referrerCredit: 10 } as const;

/** What a non-numeric (unlimited) limit shows as a remaining count (SPEC.md §9). */
export const UNLIMITED_REMAINING = 999999;

export function remainingCount(limit: Limit | null | undefined, used: number): number {
  if (typeof limit !== 'number') return UNLIMITED_REMAINING;
  return Math.max(0, limit - used);
}

export function isLowerPlan(a: PlanId, b: PlanId): boolean {
  return PLAN_IDS.indexOf(a) < PLAN_IDS.indexOf(b);
}

/** Labels of the features `from` has that `to` lacks, in table order. */
export function featuresLost(from: PlanId, to: PlanId): string[] {
  return FEATURE_KEYS.filter((key) => PLANS[from].features[key] && !PLANS[to].features[key]).map(
    (key) => FEATURE_LABELS[key],
  );
}

/** The cheapest plan that includes a feature: gate pages name it. */
export function lowestPlanWith(feature: FeatureKey): Plan {
  const plan = PLAN_LIST.find((candidate) => candidate.features[feature]);
  if (!plan) throw new Error(`No plan includes ${feature}`);
  return plan;
}

export interface ProductLike {
  id: string;
  status?: string | null;
}

// A trial gives the plan's features while it lasts, as every billing provider does.
const ACTIVE_STATUSES = new Set(['active', 'trialing']);

function isActive(product: ProductLike): boolean {
  return product.status == null || ACTIVE_STATUSES.has(product.status.toLowerCase());
}

export interface EffectivePlan {
  plan: Plan;
  /** `paid`, `active` and `isPro` are true for any non-free plan (SPEC.md §4). */
  paid: boolean;
  active: boolean;
  isPro: boolean;
}

export function effectivePlan(products: readonly ProductLike[]): EffectivePlan {
  const activeIds = new Set(products.filter(isActive).map((product) => product.id.toLowerCase()));
  const id: PlanId = activeIds.has('pro') ? 'pro' : activeIds.has('starter') ? 'starter' : 'free';
  const paid = id !== 'free';
  return { plan: PLANS[id], paid, active: paid, isPro: paid };
}

/** US-English currency: $19, $0, $12.50. */
export function formatCurrency(amount: number, currency = 'USD'): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}
