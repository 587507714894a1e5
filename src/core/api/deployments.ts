// Deployment payloads. The recording body is snake_case because CI scripts and the landing
// page's example send it that way; what the API returns is camelCase like every other resource.
import { z } from 'zod';
import { fieldImpactSchema } from './field.ts';
import { httpUrlSchema } from './http-url.ts';

export const DEPLOYMENT_PROVIDERS = ['api', 'manual', 'github', 'vercel', 'netlify'] as const;
export type DeploymentProvider = (typeof DEPLOYMENT_PROVIDERS)[number];
export const DEPLOYMENT_PROVIDER_LABELS: Record<DeploymentProvider, string> = {
  api: 'API',
  manual: 'Manual',
  github: 'GitHub Actions',
  vercel: 'Vercel',
  netlify: 'Netlify',
};
/** Providers that call Upwatch's webhook receivers, each with its own secret per account. */
export const WEBHOOK_PROVIDERS = ['github', 'vercel', 'netlify'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export const DEPLOYMENT_STATUSES = ['succeeded', 'failed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
export const MAX_DEPLOYMENT_MONITORS = 100;
export const MAX_DEPLOYMENT_MAINTENANCE_MINUTES = 1440;

const text = (max: number, what: string) =>
  z.string().trim().min(1).max(max, `${what} is limited to ${max} characters.`);

/** POST /api/v1/deployments */
export const deploymentInputSchema = z
  .object({
    version: text(100, 'The version').optional(),
    environment: text(50, 'The environment').default('production'),
    commit_sha: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{7,64}$/, 'commit_sha must be a hexadecimal commit hash.')
      .optional(),
    branch: text(250, 'The branch').optional(),
    url: httpUrlSchema.optional(),
    /** When absent: monitors whose URL host equals url's host; with no url, every monitor. */
    monitor_ids: z
      .array(z.string().min(1).max(64))
      .max(MAX_DEPLOYMENT_MONITORS, `At most ${MAX_DEPLOYMENT_MONITORS} monitors per deployment.`)
      .optional(),
    status: z.enum(DEPLOYMENT_STATUSES).default('succeeded'),
    /** One immediate HTTP check per affected monitor (and a free performance run where linked). */
    trigger_checks: z.boolean().default(false),
    /** Epoch ms; defaults to now. */
    deployed_at: z.number().int().positive().optional(),
    /** Opens a maintenance window from now for this long over the affected monitors. */
    maintenance_minutes: z
      .number()
      .int('maintenance_minutes is a whole number of minutes.')
      .min(1, 'maintenance_minutes must be at least 1.')
      .max(MAX_DEPLOYMENT_MAINTENANCE_MINUTES, 'maintenance_minutes can be at most 1440 (a day).')
      .optional()
      .meta({
        description:
          'Puts the affected monitors under maintenance from now for this many minutes (1–1440): checked, but no incident, alert or uptime loss',
      }),
  })
  .meta({ id: 'DeploymentInput' });
export type DeploymentInput = z.infer<typeof deploymentInputSchema>;
export type DeploymentFormValues = z.input<typeof deploymentInputSchema>;

/** Median latency and error rate of one monitor's checks in one hour beside the deployment. */
const windowStatsSchema = z.object({
  checks: z.number(),
  p50Ms: z.number().nullable(),
  /** 0..1: share of checks that were down. */
  errorRate: z.number().nullable(),
});

/** One succeeded performance run's headline figures (score 0..100). */
const vitalsSchema = z.object({
  score: z.number().nullable(),
  lcpMs: z.number().nullable(),
  cls: z.number().nullable(),
  tbtMs: z.number().nullable(),
});

export const deploymentImpactSchema = z
  .object({
    monitorId: z.string(),
    monitorName: z.string(),
    before: windowStatsSchema,
    after: windowStatsSchema,
    /**
     * Per performance site linked to the monitor (absent when none): its last succeeded run that
     * finished before the deployment and its first that finished after, null where there is none.
     */
    vitals: z
      .array(
        z.object({
          siteId: z.string(),
          siteName: z.string(),
          before: vitalsSchema.nullable(),
          after: vitalsSchema.nullable(),
          /** Real visitors' figures beside the lab's; absent when the site has no page views either side. */
          field: fieldImpactSchema.optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'DeploymentImpact' });
export type DeploymentImpact = z.infer<typeof deploymentImpactSchema>;

export const deploymentSchema = z
  .object({
    id: z.string(),
    provider: z.enum(DEPLOYMENT_PROVIDERS),
    version: z.string().nullable(),
    environment: z.string(),
    commitSha: z.string().nullable(),
    branch: z.string().nullable(),
    url: z.string().nullable(),
    status: z.enum(DEPLOYMENT_STATUSES),
    /** A link to the deployment at the provider (run, deployment or deploy page). */
    providerUrl: z.string().nullable(),
    deployedAt: z.number(),
    createdAt: z.number(),
    monitorIds: z.array(z.string()),
    /** Monitors that got an immediate check because of trigger_checks. */
    triggeredMonitorIds: z.array(z.string()),
    /** Incidents that started within 30 minutes after this deployment on its monitors. */
    incidentIds: z.array(z.string()),
    /** The maintenance window its maintenance_minutes opened; null without one. */
    maintenanceWindowId: z.string().nullable(),
  })
  .meta({ id: 'Deployment' });
export type Deployment = z.infer<typeof deploymentSchema>;

export const deploymentListSchema = z
  .object({ deployments: z.array(deploymentSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'DeploymentList' });
export type DeploymentList = z.infer<typeof deploymentListSchema>;

/** GET /api/v1/deployments/{id}/impact: before/after figures per affected monitor. */
export const deploymentImpactListSchema = z
  .object({ impact: z.array(deploymentImpactSchema) })
  .meta({ id: 'DeploymentImpactList' });

/** GET /api/v1/deployment-webhooks: one entry per provider, for the settings instructions. */
export const deploymentWebhookSchema = z
  .object({
    provider: z.enum(WEBHOOK_PROVIDERS),
    /** The exact URL to paste at the provider, including the account's receiver token. */
    webhookUrl: z.string(),
    configured: z.boolean(),
    /** Last 4 characters of the secret, for recognition; the secret itself is shown once. */
    secretHint: z.string().nullable(),
    lastDeliveryAt: z.number().nullable(),
  })
  .meta({ id: 'DeploymentWebhook' });
export type DeploymentWebhook = z.infer<typeof deploymentWebhookSchema>;

export const deploymentWebhookListSchema = z
  .object({ webhooks: z.array(deploymentWebhookSchema) })
  .meta({ id: 'DeploymentWebhookList' });

/**
 * PUT /api/v1/deployment-webhooks/{provider}: GitHub and Netlify take no body and get a
 * generated secret back once; Vercel takes the secret Vercel shows.
 */
export const deploymentWebhookSecretInputSchema = z
  .object({ secret: z.string().trim().min(16, 'Paste the whole secret.').max(200).optional() })
  .meta({ id: 'DeploymentWebhookSecretInput' });
export const deploymentWebhookSecretSchema = z
  .object({ webhook: deploymentWebhookSchema, secret: z.string().nullable() })
  .meta({ id: 'DeploymentWebhookSecret' });
