// Performance site, run and budget payloads: one schema validates the web forms and the API routes.
import { z } from 'zod';
import { FIELD_METRICS, type FieldMetric } from './field-vitals.ts';
import { httpUrlSchema } from './http-url.ts';
import { RUN_STATUSES, type RunStatus } from './performance-runs.ts';

export const DEVICE_PROFILES = ['mobile', 'desktop'] as const;
export type DeviceProfile = (typeof DEVICE_PROFILES)[number];
export const DEVICE_PROFILE_LABELS: Record<DeviceProfile, string> = {
  mobile: 'Mobile (simulated throttling)',
  desktop: 'Desktop',
};

/** Every metric a run records; budgets may be set on any of them. */
export const PERFORMANCE_METRICS = [
  'performanceScore',
  'lcpMs',
  'cls',
  'tbtMs',
  'fcpMs',
  'speedIndexMs',
  'serverResponseMs',
  'totalBytes',
  'requestCount',
] as const;
export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];

export const PERFORMANCE_METRIC_LABELS: Record<PerformanceMetric, string> = {
  performanceScore: 'Performance score',
  lcpMs: 'Largest Contentful Paint',
  cls: 'Cumulative Layout Shift',
  tbtMs: 'Total Blocking Time',
  fcpMs: 'First Contentful Paint',
  speedIndexMs: 'Speed Index',
  serverResponseMs: 'Server response time',
  totalBytes: 'Total byte weight',
  requestCount: 'Requests',
};

/** Google's good / poor boundaries (lab values); between them is "needs improvement". */
export const VITALS_THRESHOLDS: Partial<Record<PerformanceMetric, { good: number; poor: number }>> = {
  lcpMs: { good: 2500, poor: 4000 },
  cls: { good: 0.1, poor: 0.25 },
  tbtMs: { good: 200, poor: 600 },
  fcpMs: { good: 1800, poor: 3000 },
  speedIndexMs: { good: 3400, poor: 5800 },
  serverResponseMs: { good: 800, poor: 1800 },
};
/** Higher is better only for the score; for every other metric lower is better. */
export const HIGHER_IS_BETTER: ReadonlySet<PerformanceMetric> = new Set(['performanceScore']);

/** SPEC.md's sample budget, the default for a new site on a plan with performance budgets. */
export const DEFAULT_BUDGETS: Budget[] = [
  { metric: 'lcpMs', limit: 2000 },
  { metric: 'serverResponseMs', limit: 500 },
];
/** A metric worse than the median of the previous runs by more than this share is a regression. */
export const REGRESSION_THRESHOLD = 0.2;
export const REGRESSION_WINDOW_RUNS = 5;

const limitField = z.number().nonnegative();

/** A budget on the lab runs' figures: `source` is left out (or 'lab'), as before field budgets. */
export const labBudgetSchema = z
  .object({
    source: z.literal('lab').optional(),
    metric: z.enum(PERFORMANCE_METRICS),
    /** A maximum, except for performanceScore where it is a minimum. */
    limit: limitField,
  })
  .meta({ id: 'PerformanceLabBudget' });
export type LabBudget = z.infer<typeof labBudgetSchema>;

export const FIELD_BUDGET_WINDOWS = ['24h', '28d'] as const;
export type FieldBudgetWindow = (typeof FIELD_BUDGET_WINDOWS)[number];
export const FIELD_BUDGET_WINDOW_HOURS: Record<FieldBudgetWindow, number> = { '24h': 24, '28d': 28 * 24 };
export const FIELD_BUDGET_DEFAULTS = { window: '28d', consecutiveHours: 3, minPageViews: 100 } as const;
/** The streak rule's bounds: the schema's, and the web editor's inputs'. */
export const FIELD_STREAK_BOUNDS = {
  consecutiveHours: { min: 1, max: 168 },
  minPageViews: { min: 1, max: 10_000_000 },
} as const;

/**
 * A budget on real visitors' figures (issue 42, item 5): the site's p75 over the window, judged
 * every hour. It alerts once the p75 has been over the limit for `consecutiveHours` evaluations
 * in a row, each over at least `minPageViews` page views, and recovers the same way; an hour with
 * fewer page views counts neither way.
 */
export const fieldBudgetSchema = z
  .object({
    source: z.literal('field'),
    metric: z.enum(FIELD_METRICS),
    /** A maximum: milliseconds, except CLS, which is unitless. */
    limit: limitField,
    window: z.enum(FIELD_BUDGET_WINDOWS).default(FIELD_BUDGET_DEFAULTS.window),
    consecutiveHours: z
      .number()
      .int()
      .min(FIELD_STREAK_BOUNDS.consecutiveHours.min)
      .max(FIELD_STREAK_BOUNDS.consecutiveHours.max)
      .default(FIELD_BUDGET_DEFAULTS.consecutiveHours),
    minPageViews: z
      .number()
      .int()
      .min(FIELD_STREAK_BOUNDS.minPageViews.min)
      .max(FIELD_STREAK_BOUNDS.minPageViews.max)
      .default(FIELD_BUDGET_DEFAULTS.minPageViews),
  })
  .meta({ id: 'PerformanceFieldBudget' });
export type FieldBudget = z.infer<typeof fieldBudgetSchema>;

export const budgetSchema = z
  .discriminatedUnion('source', [labBudgetSchema, fieldBudgetSchema])
  .meta({ id: 'PerformanceBudget' });
export type Budget = z.infer<typeof budgetSchema>;
export type BudgetSource = 'lab' | 'field';
/** A budget's metric: a lab run's figure, or one of the five field vitals. */
export type BudgetMetric = PerformanceMetric | FieldMetric;

export const isFieldBudget = (budget: Budget): budget is FieldBudget => budget.source === 'field';
export const isLabBudget = (budget: Budget): budget is LabBudget => budget.source !== 'field';

export const budgetListSchema = z
  .array(budgetSchema)
  .max(PERFORMANCE_METRICS.length + FIELD_METRICS.length)
  .refine(
    (budgets) => new Set(budgets.map((b) => `${b.source ?? 'lab'}:${b.metric}`)).size === budgets.length,
    'One budget per metric and source.',
  );

export const metricsSchema = z
  .object(
    Object.fromEntries(PERFORMANCE_METRICS.map((metric) => [metric, z.number().nullable()])) as {
      [K in PerformanceMetric]: z.ZodNullable<z.ZodNumber>;
    },
  )
  .meta({ id: 'PerformanceMetrics' });
export type PerformanceMetrics = z.infer<typeof metricsSchema>;

export const opportunitySchema = z.object({
  id: z.string(),
  title: z.string(),
  savingsMs: z.number().nullable(),
  savingsBytes: z.number().nullable(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export { RUN_STATUSES, type RunStatus };
export const RUN_REASONS = ['schedule', 'manual', 'deployment'] as const;

export const performanceRunSchema = z
  .object({
    id: z.string(),
    siteId: z.string(),
    status: z.enum(RUN_STATUSES),
    reason: z.enum(RUN_REASONS),
    queuedAt: z.number(),
    startedAt: z.number().nullable(),
    finishedAt: z.number().nullable(),
    /** e.g. chromium_not_found, timeout, navigation_failed, blocked_target */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    metrics: metricsSchema.nullable(),
    opportunities: z.array(opportunitySchema),
    /** Requests the SSRF guard refused while the page loaded. */
    blockedRequests: z.array(z.string()),
    violations: z.array(
      z.object({ metric: z.enum(PERFORMANCE_METRICS), value: z.number(), limit: z.number() }),
    ),
    regressions: z.array(
      z.object({ metric: z.enum(PERFORMANCE_METRICS), value: z.number(), median: z.number() }),
    ),
  })
  .meta({ id: 'PerformanceRun' });
export type PerformanceRun = z.infer<typeof performanceRunSchema>;

const siteFields = {
  url: httpUrlSchema,
  name: z.string().trim().min(1).max(100, 'Names are limited to 100 characters.'),
  device: z.enum(DEVICE_PROFILES),
  monitorId: z.string().min(1).max(64).nullable(),
  budgets: budgetListSchema,
};

export const performanceSiteInputSchema = z
  .object({
    url: siteFields.url,
    /** Defaults to the URL's host. */
    name: siteFields.name.optional(),
    device: siteFields.device.default('mobile'),
    monitorId: siteFields.monitorId.default(null),
    /** Needs performanceBudgets; left out, a site on such a plan gets DEFAULT_BUDGETS. */
    budgets: siteFields.budgets.optional(),
  })
  .meta({ id: 'PerformanceSiteInput' });
export type PerformanceSiteInput = z.infer<typeof performanceSiteInputSchema>;
export type PerformanceSiteFormValues = z.input<typeof performanceSiteInputSchema>;

export const performanceSiteUpdateSchema = z
  .object(siteFields)
  .partial()
  .meta({ id: 'PerformanceSiteUpdate' });

export const performanceSiteSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    name: z.string(),
    device: z.enum(DEVICE_PROFILES),
    monitorId: z.string().nullable(),
    budgets: z.array(budgetSchema),
    frequency: z.enum(['weekly', 'daily']),
    lastRun: performanceRunSchema.nullable(),
    /** The newest queued or running run, for live progress. */
    activeRun: performanceRunSchema.nullable(),
    nextRunAt: z.number().nullable(),
    /** over: the last finished run broke a budget. */
    budgetStatus: z.enum(['none', 'within', 'over']),
    /** Per metric: the last value against the one before, for trend arrows. */
    trend: z.object(
      Object.fromEntries(
        PERFORMANCE_METRICS.map((metric) => [metric, z.enum(['better', 'worse', 'same']).nullable()]),
      ) as {
        [K in PerformanceMetric]: z.ZodNullable<
          z.ZodEnum<{ better: 'better'; worse: 'worse'; same: 'same' }>
        >;
      },
    ),
    createdAt: z.number(),
  })
  .meta({ id: 'PerformanceSite' });
export type PerformanceSite = z.infer<typeof performanceSiteSchema>;

export const performanceSiteListSchema = z
  .object({ sites: z.array(performanceSiteSchema) })
  .meta({ id: 'PerformanceSiteList' });
export const performanceRunListSchema = z
  .object({ runs: z.array(performanceRunSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PerformanceRunList' });
