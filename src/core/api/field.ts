// Real-user monitoring's payloads (issue 42): a performance site's RUM settings and what its
// visitors' field data reads as. One schema validates the web form and the API route.
import { z } from 'zod';
import { FIELD_METRICS, type FieldMetric } from './field-vitals.ts';

/** Routes a site may name; past them a page's own template is used. */
export const MAX_ROUTE_PATTERNS = 100;
export const MAX_ALLOWED_ORIGINS = 20;

/** Whether a site's pattern is one a route can be read by: plain, `:name` and a final `*` segments. */
export function isRoutePattern(pattern: string): boolean {
  if (!pattern.startsWith('/') || pattern.length > 200) return false;
  const segments = pattern.split('/').filter((segment) => segment !== '');
  return segments.every(
    (segment, i) =>
      (segment === '*' && i === segments.length - 1) ||
      /^:[a-z][a-z0-9_]*$/i.test(segment) ||
      /^[^:*?#\s]+$/.test(segment),
  );
}

/** An origin as a browser sends it: scheme, host and port, nothing after. */
const originSchema = z
  .string()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'An origin is a scheme and a host, such as https://shop.example.com, with no path.');

export const rumSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    sampleRate: z.number().min(0).max(1).default(1),
    /** Defaults to the site URL's origin. */
    allowedOrigins: z.array(originSchema).min(1).max(MAX_ALLOWED_ORIGINS).optional(),
    routes: z
      .array(
        z
          .string()
          .refine(isRoutePattern, 'A route is a path such as /blog/:slug or /docs/*, starting with /.'),
      )
      .max(MAX_ROUTE_PATTERNS)
      .default([]),
  })
  .strict();
export type RumSettingsInput = z.input<typeof rumSettingsInputSchema>;

export const rumSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The site's public key, in the snippet: it names the site and grants nothing. Null until set up. */
  key: z.string().nullable(),
  snippet: z.string().nullable(),
  sampleRate: z.number(),
  allowedOrigins: z.array(z.string()),
  routes: z.array(z.string()),
  /** When the first page view was counted; null while the snippet waits for one. */
  firstPageViewAt: z.number().nullable(),
  /**
   * Whether the workspace has used this period's page views (`rum_pageviews`, its plan's and its
   * packs'): new page views are then counted but not stored until the next period or a pack.
   */
  overAllowance: z.boolean(),
});
export type RumSettings = z.infer<typeof rumSettingsSchema>;

export const FIELD_RANGES_HOURS = { '24h': 24, '7d': 7 * 24, '28d': 28 * 24, '90d': 90 * 24 } as const;
export type FieldRange = keyof typeof FIELD_RANGES_HOURS;
export const FIELD_GROUPINGS = ['none', 'route', 'device', 'day'] as const;
export type FieldGrouping = (typeof FIELD_GROUPINGS)[number];

export const fieldQuerySchema = z.object({
  range: z.enum(Object.keys(FIELD_RANGES_HOURS) as [FieldRange, ...FieldRange[]]).default('28d'),
  groupBy: z.enum(FIELD_GROUPINGS).default('none'),
});

const fieldMetricSchema = z.object({
  /** The 75th percentile: CLS unitless, the rest in milliseconds; null with no page view measured. */
  p75: z.number().nullable(),
  good: z.number().int(),
  needsImprovement: z.number().int(),
  poor: z.number().int(),
  count: z.number().int(),
});
export type FieldMetricSummary = z.infer<typeof fieldMetricSchema>;

const fieldMetricsSchema = z.object(
  Object.fromEntries(FIELD_METRICS.map((metric) => [metric, fieldMetricSchema])) as Record<
    FieldMetric,
    typeof fieldMetricSchema
  >,
);

/** The vitals whose page views name what to fix: the LCP element, the INP target, the largest shift's target. */
export const ATTRIBUTED_METRICS = ['lcp', 'inp', 'cls'] as const satisfies readonly FieldMetric[];
export type AttributedMetric = (typeof ATTRIBUTED_METRICS)[number];

/** What the poor page views of a route had in common for one vital, most frequent first. */
export const fieldAttributionSchema = z.object({
  metric: z.enum(ATTRIBUTED_METRICS),
  route: z.string(),
  /** A CSS selector of the element, as web-vitals names it (e.g. `img.hero`, `#buy`). */
  selector: z.string(),
  /** Poor page views of this route and vital that named this selector. */
  count: z.number().int(),
  /** `count` over all poor page views of this route and vital: 0 to 1. */
  share: z.number(),
});
export type FieldAttribution = z.infer<typeof fieldAttributionSchema>;

export const fieldReportSchema = z.object({
  range: z.string(),
  from: z.number(),
  to: z.number(),
  pageViews: z.number().int(),
  metrics: fieldMetricsSchema,
  groups: z.array(z.object({ key: z.string(), pageViews: z.number().int(), metrics: fieldMetricsSchema })),
  /** Top selectors behind poor LCP, INP and CLS, per route; at most 20, most poor page views first. */
  attribution: z.array(fieldAttributionSchema),
});
export type FieldReport = z.infer<typeof fieldReportSchema>;

/** Real visitors' p75 of each vital on one side of a deployment (CLS unitless, the rest in ms). */
export const fieldSideSchema = z.object({
  pageViews: z.number().int(),
  ...(Object.fromEntries(FIELD_METRICS.map((metric) => [metric, z.number().nullable()])) as Record<
    FieldMetric,
    z.ZodNullable<z.ZodNumber>
  >),
});
export type FieldSide = z.infer<typeof fieldSideSchema>;

/** A deployment's field impact (issue 42, item 6): the 24 hours before it and the 24 after. */
export const fieldImpactSchema = z.object({
  before: fieldSideSchema,
  after: fieldSideSchema,
  /** Routes with enough page views on both sides to compare, the most viewed first. */
  routes: z.array(z.object({ route: z.string(), before: fieldSideSchema, after: fieldSideSchema })),
});
export type FieldImpact = z.infer<typeof fieldImpactSchema>;
