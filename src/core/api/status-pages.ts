// Public status page (group) payloads: one schema validates the settings form and the API route.
import { z } from 'zod';
import { httpUrlSchema } from './http-url.ts';
import { MONITOR_STATUSES } from './monitors.ts';
import { statusPageExtraFields, statusPageExtraOutput } from './status-page-extras.ts';
import {
  monitorsNotOnPage,
  NOT_ON_PAGE_MESSAGE,
  statusPageSectionSchema,
  statusPageSectionsSchema,
} from './status-page-sections.ts';

export const STATUS_PAGE_STATES = [
  'operational',
  'under_maintenance',
  'degraded',
  'partial_outage',
  'major_outage',
] as const;
export type StatusPageState = (typeof STATUS_PAGE_STATES)[number];

export const STATUS_PAGE_STATE_LABELS: Record<StatusPageState, string> = {
  operational: 'All systems operational',
  under_maintenance: 'Under maintenance',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
};

/** The languages a public page is written in; 'auto' follows each visitor's browser. */
export const STATUS_PAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'ja'] as const;
export type StatusPageLanguage = (typeof STATUS_PAGE_LANGUAGES)[number];
export const STATUS_PAGE_LANGUAGE_SETTINGS = [...STATUS_PAGE_LANGUAGES, 'auto'] as const;
export type StatusPageLanguageSetting = (typeof STATUS_PAGE_LANGUAGE_SETTINGS)[number];
/** Each language by its own name, as the settings offer them. */
export const STATUS_PAGE_LANGUAGE_LABELS: Record<StatusPageLanguageSetting, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  ja: '日本語',
  auto: "Visitor's browser",
};

/** Slugs that would shadow a public route or a machine-readable suffix. */
export const RESERVED_SLUGS = ['monitor', 'api', 'admin', 'assets'] as const;
const RESERVED_SUFFIXES = ['.json', '.atom', '.svg'] as const;
export const MAX_MONITORS_PER_STATUS_PAGE = 50;

export const statusPageSlugSchema = z
  .string()
  .trim()
  .min(3, 'Slugs need at least 3 characters.')
  .max(48, 'Slugs are limited to 48 characters.')
  .refine(
    (slug) => !RESERVED_SUFFIXES.some((suffix) => slug.endsWith(suffix)),
    'Slugs may not end in .json, .atom or .svg.',
  )
  .refine((slug) => /^[a-z0-9-]+$/.test(slug), 'Use lowercase letters, digits and dashes only.')
  .refine(
    (slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug),
    'This slug is reserved; choose another.',
  );

const statusPageMonitorSchema = z.object({
  monitorId: z.string().min(1),
  /** The name visitors see; null shows the monitor's own name. */
  displayName: z
    .string()
    .trim()
    .max(100, 'Display names are limited to 100 characters.')
    .nullable()
    .default(null),
});

const fields = {
  name: z
    .string()
    .trim()
    .min(1, 'Give the status page a name.')
    .max(100, 'Names are limited to 100 characters.'),
  slug: statusPageSlugSchema,
  description: z.string().trim().max(1000, 'Descriptions are limited to 1000 characters.').nullable(),
  /** In display order. */
  monitors: z
    .array(statusPageMonitorSchema)
    .max(
      MAX_MONITORS_PER_STATUS_PAGE,
      `A status page shows at most ${MAX_MONITORS_PER_STATUS_PAGE} monitors.`,
    )
    .refine(
      (monitors) => new Set(monitors.map((m) => m.monitorId)).size === monitors.length,
      'Each monitor can appear once per page.',
    ),
  logoUrl: httpUrlSchema.nullable(),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a hex colour such as #2563eb.')
    .nullable(),
  published: z.boolean(),
  showResponseTimes: z.boolean(),
  /** Only allowed with the removeBranding feature (Starter and up); refused with 403 otherwise. */
  removeBranding: z.boolean(),
  language: z
    .enum(STATUS_PAGE_LANGUAGE_SETTINGS, 'Choose en, de, fr, es, pt, ja or auto.')
    .meta({ description: "The page's language; auto follows each visitor's Accept-Language" }),
  sections: statusPageSectionsSchema.meta({
    description: 'Given, it replaces the sections; each holds some of the monitors (sent or kept)',
  }),
  ...statusPageExtraFields,
};

/** Sections sent with the monitors may hold only those monitors (else the service checks). */
function sectionsHoldPageMonitors(
  page: { monitors?: { monitorId: string }[]; sections?: { monitorIds: string[] }[] },
  context: z.RefinementCtx,
) {
  if (!page.monitors || !page.sections) return;
  const ids = page.monitors.map((monitor) => monitor.monitorId);
  if (monitorsNotOnPage(page.sections, ids).length > 0) {
    context.addIssue({ code: 'custom', path: ['sections'], message: NOT_ON_PAGE_MESSAGE });
  }
}

export const PAGE_PASSWORD_NEEDED = 'Set a password for a password-protected page.';

/**
 * The create payload without its one cross-field rule (a password page needs a password): the
 * edit form checks with it when a password is already stored.
 */
export const statusPageInputFields = z.object({
  name: fields.name,
  slug: fields.slug,
  description: fields.description.default(null),
  monitors: fields.monitors.default([]),
  logoUrl: fields.logoUrl.default(null),
  accentColor: fields.accentColor.default(null),
  published: fields.published.default(false),
  showResponseTimes: fields.showResponseTimes.default(false),
  removeBranding: fields.removeBranding.default(false),
  customDomain: fields.customDomain.default(null),
  access: fields.access.default('public'),
  password: fields.password.optional(),
  headerLinks: fields.headerLinks.default([]),
  footerText: fields.footerText.default(null),
  faviconUrl: fields.faviconUrl.default(null),
  language: fields.language.default('en'),
  sections: fields.sections.default([]),
});

export const statusPageInputSchema = statusPageInputFields
  .refine((input) => input.access !== 'password' || input.password !== undefined, {
    message: PAGE_PASSWORD_NEEDED,
    path: ['password'],
  })
  .superRefine(sectionsHoldPageMonitors)
  .meta({ id: 'StatusPageInput' });
export type StatusPageInput = z.infer<typeof statusPageInputSchema>;
export type StatusPageFormValues = z.input<typeof statusPageInputSchema>;

export const statusPageUpdateSchema = z
  .object(fields)
  .partial()
  .superRefine(sectionsHoldPageMonitors)
  .meta({ id: 'StatusPageUpdate' });
export type StatusPageUpdate = z.infer<typeof statusPageUpdateSchema>;

export const statusPageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    monitors: z.array(
      z.object({
        monitorId: z.string(),
        displayName: z.string().nullable(),
        /** The monitor's own name and live status, for the editor and the public-groups list. */
        monitorName: z.string(),
        status: z.enum(MONITOR_STATUSES),
      }),
    ),
    logoUrl: z.string().nullable(),
    accentColor: z.string().nullable(),
    published: z.boolean(),
    showResponseTimes: z.boolean(),
    removeBranding: z.boolean(),
    language: z.enum(STATUS_PAGE_LANGUAGE_SETTINGS),
    sections: z.array(statusPageSectionSchema),
    ...statusPageExtraOutput,
    /** The overall state by SPEC's rule, from the monitors' current status. */
    state: z.enum(STATUS_PAGE_STATES),
    /** `${PUBLIC_URL}/status/${slug}` */
    publicUrl: z.string(),
    managedKey: z.string().nullable().meta({
      description: "Its key in upwatch.yaml when a file manages it (upwatch apply); null when it doesn't",
    }),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'StatusPage' });
export type StatusPage = z.infer<typeof statusPageSchema>;

export const statusPageListSchema = z
  .object({ statusPages: z.array(statusPageSchema) })
  .meta({ id: 'StatusPageList' });
export type StatusPageList = z.infer<typeof statusPageListSchema>;
