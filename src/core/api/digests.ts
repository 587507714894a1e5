// Digest report payloads: the settings form, the reports list and the report itself.
import { z } from 'zod';

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  off: 'Off',
  daily: 'Daily',
  weekly: 'Weekly',
};

/** GET/PUT /api/v1/digest-settings. Sent at `hour`:00 in the user's time zone; weekly on `weekday`. */
export const digestSettingsSchema = z
  .object({
    frequency: z.enum(DIGEST_FREQUENCIES),
    /** 1 = Monday … 7 = Sunday (ISO). */
    weekday: z.number().int().min(1).max(7),
    hour: z.number().int().min(0).max(23),
    /** The user's time zone from user settings, for display. */
    timezone: z.string(),
    /** Epoch ms of the next scheduled send; null when off or not in the plan. */
    nextSendAt: z.number().nullable(),
  })
  .meta({ id: 'DigestSettings' });
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

export const digestSettingsInputSchema = digestSettingsSchema
  .pick({ frequency: true, weekday: true, hour: true })
  .partial()
  .meta({ id: 'DigestSettingsInput' });
export type DigestSettingsInput = z.infer<typeof digestSettingsInputSchema>;

const change = z.number().nullable().meta({ description: 'Against the previous period; null without data' });

/** The figures a digest shows, kept with the report so it reads the same later. */
export const digestDataSchema = z
  .object({
    periodStart: z.number(),
    periodEnd: z.number(),
    frequency: z.enum(['daily', 'weekly']),
    overall: z.object({ uptimePercent: z.number().nullable(), uptimeChange: change }),
    monitors: z.array(
      z.object({
        monitorId: z.string(),
        name: z.string(),
        uptimePercent: z.number().nullable(),
        uptimeChange: change,
        p50Ms: z.number().nullable(),
        p95Ms: z.number().nullable(),
        p50Change: change,
        p95Change: change,
      }),
    ),
    incidents: z.object({
      count: z.number(),
      downtimeMinutes: z.number(),
      longestMinutes: z.number(),
    }),
    certificatesExpiring: z.array(
      z.object({ monitorId: z.string(), name: z.string(), daysRemaining: z.number(), validTo: z.number() }),
    ),
    performance: z.array(
      z.object({
        siteId: z.string(),
        name: z.string(),
        score: z.number().nullable(),
        scoreChange: change,
        lcpMs: z.number().nullable(),
        lcpChange: change,
        budgetViolations: z.number(),
      }),
    ),
    deployments: z.number(),
  })
  .meta({ id: 'DigestData' });
export type DigestData = z.infer<typeof digestDataSchema>;

export const digestReportSummarySchema = z
  .object({
    id: z.string(),
    periodStart: z.number(),
    periodEnd: z.number(),
    frequency: z.enum(['daily', 'weekly']),
    createdAt: z.number(),
    /** When the mail went out; null when sending failed or mail is in the outbox. */
    sentAt: z.number().nullable(),
    uptimePercent: z.number().nullable(),
    incidentCount: z.number(),
  })
  .meta({ id: 'DigestReportSummary' });
export type DigestReportSummary = z.infer<typeof digestReportSummarySchema>;

export const digestReportListSchema = z
  .object({ reports: z.array(digestReportSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'DigestReportList' });

/** GET /api/v1/reports/{id}: the stored HTML (rendered in a sandboxed frame) and its data. */
export const digestReportSchema = digestReportSummarySchema
  .extend({ html: z.string(), data: digestDataSchema })
  .meta({ id: 'DigestReport' });
export type DigestReport = z.infer<typeof digestReportSchema>;

/** What a plan change would prune, for the downgrade confirmation (GET /api/v1/retention/preview?plan=). */
export const retentionPreviewSchema = z
  .object({
    plan: z.enum(['free', 'starter', 'pro']),
    items: z.array(
      z.object({
        /** e.g. checks, ssl_checks, performance_checks, deployments, incidents, digest_reports */
        kind: z.string(),
        label: z.string().meta({ example: 'Check results' }),
        keepDays: z.number(),
        rowsToPrune: z.number(),
        /** The oldest kept timestamp after the change. */
        cutoff: z.number(),
      }),
    ),
  })
  .meta({ id: 'RetentionPreview' });
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** POST /api/v1/reports/preview: the period so far, mailed to the account's address. */
export const digestPreviewSchema = z
  .object({ sentTo: z.string(), periodStart: z.number(), periodEnd: z.number() })
  .meta({ id: 'DigestPreview' });
export type DigestPreview = z.infer<typeof digestPreviewSchema>;
