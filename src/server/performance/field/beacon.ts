// What a visitor's page sends once per page view (issue 42, item 2): a text/plain body (so the
// browser sends it without a CORS preflight) holding JSON. Everything in it is checked here, in
// one place, before anything is counted: its size, its shape, each value's range. What it may
// carry is bounded too: attribution is a selector or a resource URL, cut to a length.
import { z } from 'zod';
import { FIELD_METRICS, type FieldMetric } from '../../../core/api/field-vitals.ts';
import { FIELD_RANGES } from './sketch.ts';

/** The largest body taken; a page view's report is a few hundred bytes. */
export const MAX_BEACON_BYTES = 4096;

/** web-vitals' navigation types, and the soft navigations of single-page apps. */
export const NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/** The Network Information API's effective connection types. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/** The beacon's metric names, as web-vitals names them. */
const WIRE_NAMES: Record<FieldMetric, string> = {
  lcp: 'LCP',
  inp: 'INP',
  cls: 'CLS',
  fcp: 'FCP',
  ttfb: 'TTFB',
};

const text = (max: number) => z.string().max(max);
const duration = z.number().finite().min(0).max(600_000);

const metricsSchema = z
  .object(
    Object.fromEntries(
      FIELD_METRICS.map((metric) => [
        WIRE_NAMES[metric],
        z.number().finite().min(0).max(FIELD_RANGES[metric].max).optional(),
      ]),
    ) as Record<string, z.ZodOptional<z.ZodNumber>>,
  )
  .strict()
  .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), 'No metric.');

const attributionSchema = z
  .object({
    lcp: z
      .object({ element: text(300).optional(), url: text(500).optional() })
      .strict()
      .optional(),
    inp: z
      .object({
        target: text(300).optional(),
        type: text(40).optional(),
        inputDelay: duration.optional(),
        processingDuration: duration.optional(),
        presentationDelay: duration.optional(),
      })
      .strict()
      .optional(),
    cls: z
      .object({ target: text(300).optional() })
      .strict()
      .optional(),
  })
  .strict();

const beaconSchema = z
  .object({
    v: z.literal(1),
    url: z.string().min(1).max(2048),
    /** The tag's data-route: the page's own name for its route, templated like a URL's path. */
    route: z.string().startsWith('/').max(200).optional(),
    nav: z.enum(NAVIGATION_TYPES).optional(),
    device: z.enum(DEVICE_CLASSES),
    ect: z.enum(CONNECTION_TYPES).optional(),
    metrics: metricsSchema,
    attribution: attributionSchema.optional(),
  })
  .strict();

export interface Beacon {
  url: string;
  route: string | null;
  navigation: (typeof NAVIGATION_TYPES)[number] | null;
  device: DeviceClass;
  connection: (typeof CONNECTION_TYPES)[number] | null;
  metrics: Partial<Record<FieldMetric, number>>;
  attribution: z.infer<typeof attributionSchema>;
}

export type BeaconRefusal = 'too_large' | 'malformed';

/** The page view a body reports, or why it is refused; nothing is counted from a refused one. */
export function parseBeacon(body: string): { beacon: Beacon } | { refused: BeaconRefusal } {
  if (Buffer.byteLength(body) > MAX_BEACON_BYTES) return { refused: 'too_large' };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { refused: 'malformed' };
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) return { refused: 'malformed' };
  const { url, route, nav, device, ect, metrics, attribution } = parsed.data;
  return {
    beacon: {
      url,
      route: route ?? null,
      navigation: nav ?? null,
      device,
      connection: ect ?? null,
      metrics: Object.fromEntries(
        FIELD_METRICS.flatMap((metric) => {
          const value = metrics[WIRE_NAMES[metric]];
          return value === undefined ? [] : [[metric, value]];
        }),
      ),
      attribution: attribution ?? {},
    },
  };
}
