// upwatch.yaml (issue 22): the workspace as a file. Each resource sits under a stable key of the
// file's own choosing, and its fields are the API's create schemas, so the file, the CLI's local
// check, the apply route and the published JSON Schema all validate alike.
import { z } from 'zod';
import { MAX_DEPENDENCIES, monitorAlertSettingsInputSchema } from './alert-settings.ts';
import { channelInputSchema, MAX_CHANNELS_PER_MONITOR } from './alerts.ts';
import {
  escalationPolicyInputSchema,
  escalationStepInputSchema,
  MAX_ESCALATION_STEPS,
  MAX_STEP_CHANNELS,
} from './escalation.ts';
import { rumSettingsInputSchema } from './field.ts';
import { MAX_MAINTENANCE_MONITORS, maintenanceWindowInputSchema } from './maintenance.ts';
import { monitorInputSchemas } from './monitors.ts';
import { performanceSiteInputSchema } from './performance.ts';
import { monitorRegionsInputSchema } from './regions.ts';
import { MAX_SECTIONS_PER_STATUS_PAGE, statusPageSectionInputSchema } from './status-page-sections.ts';
import { MAX_MONITORS_PER_STATUS_PAGE, statusPageInputFields } from './status-pages.ts';

export const managedKeySchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,62}$/,
    'Keys are lower-case letters, digits, - and _, starting with a letter or digit (at most 63).',
  );

const monitorExtras = {
  alerts: z
    .array(managedKeySchema)
    .max(MAX_CHANNELS_PER_MONITOR, `A monitor can alert at most ${MAX_CHANNELS_PER_MONITOR} channels.`)
    .optional()
    .meta({
      description: 'Keys of alertChannels this monitor alerts; left out, its channels are left as they are',
    }),
  // The alert settings below go back to their defaults when left out, as export leaves them out then.
  dependsOn: z
    .array(managedKeySchema)
    .max(MAX_DEPENDENCIES, `A monitor can depend on at most ${MAX_DEPENDENCIES} monitors.`)
    .optional()
    .meta({
      description:
        'Keys of monitors this one depends on: while one of them is down, its failures open no incident and send no alert; left out, it depends on none',
    }),
  renotifyMinutes: monitorAlertSettingsInputSchema.shape.renotifyMinutes.meta({
    description: 'Remind the channels every so many minutes while down; left out or null: never',
  }),
  alertOnDegraded: monitorAlertSettingsInputSchema.shape.alertOnDegraded.meta({
    description: 'Alert when the monitor answers slowly for two checks running; left out: false',
  }),
  regions: monitorRegionsInputSchema.shape.regions.unwrap().optional().meta({
    description: 'Regions that check it (workers started with --region); left out: every live region',
  }),
  quorum: monitorRegionsInputSchema.shape.quorum.unwrap().optional().meta({
    description: 'How many of its live regions must fail for it to be down; left out: more than half',
  }),
  alertOnRegionFailure: z.boolean().optional().meta({
    description: 'Alert (no incident) when one region fails while the quorum keeps it up; left out: false',
  }),
  escalationPolicy: managedKeySchema.optional().meta({
    description:
      "Key of the escalationPolicies entry its outages follow; left out, the workspace's default policy",
  }),
};

export const configMonitorSchema = z.discriminatedUnion('kind', [
  monitorInputSchemas.http.safeExtend(monitorExtras),
  monitorInputSchemas.tcp.safeExtend(monitorExtras),
  monitorInputSchemas.ping.safeExtend(monitorExtras),
  monitorInputSchemas.dns.safeExtend(monitorExtras),
  monitorInputSchemas.heartbeat.safeExtend(monitorExtras),
]);
export type ConfigMonitor = z.infer<typeof configMonitorSchema>;

const sectionFields = statusPageSectionInputSchema.shape;

/** A status page whose monitors and sections name monitors by their keys in the file. */
export const configStatusPageSchema = statusPageInputFields
  .omit({ monitors: true, sections: true })
  .safeExtend({
    monitors: z
      .array(
        z.object({
          monitor: managedKeySchema.meta({ description: 'The key of a monitor in monitors' }),
          displayName: z
            .string()
            .trim()
            .max(100, 'Display names are limited to 100 characters.')
            .nullable()
            .default(null),
        }),
      )
      .max(
        MAX_MONITORS_PER_STATUS_PAGE,
        `A status page shows at most ${MAX_MONITORS_PER_STATUS_PAGE} monitors.`,
      )
      .default([])
      .meta({ description: 'In display order' }),
    sections: z
      .array(
        z.object({
          name: sectionFields.name,
          description: sectionFields.description,
          collapsed: sectionFields.collapsed,
          monitors: z.array(managedKeySchema).max(MAX_MONITORS_PER_STATUS_PAGE).default([]),
        }),
      )
      .max(
        MAX_SECTIONS_PER_STATUS_PAGE,
        `A status page has at most ${MAX_SECTIONS_PER_STATUS_PAGE} sections.`,
      )
      .default([])
      .meta({ description: "Headings over some of the page's monitors, in display order" }),
  });
export type ConfigStatusPage = z.infer<typeof configStatusPageSchema>;

/** A maintenance window whose monitors are named by their keys in the file. */
export const configMaintenanceWindowSchema = maintenanceWindowInputSchema
  .omit({ monitorIds: true })
  .safeExtend({
    monitors: z
      .array(managedKeySchema)
      .max(MAX_MAINTENANCE_MONITORS, `At most ${MAX_MAINTENANCE_MONITORS} monitors per window.`)
      .default([])
      .meta({ description: 'Keys of the monitors it covers; [] covers every monitor of the workspace' }),
  });
export type ConfigMaintenanceWindow = z.infer<typeof configMaintenanceWindowSchema>;

/** An escalation policy whose steps name alert channels by their keys in the file. */
export const configEscalationPolicySchema = escalationPolicyInputSchema.omit({ steps: true }).safeExtend({
  steps: z
    .array(
      z.object({
        channels: z
          .array(managedKeySchema)
          .min(1, 'Choose at least one channel for each step.')
          .max(MAX_STEP_CHANNELS, `A step can alert at most ${MAX_STEP_CHANNELS} channels.`)
          .meta({ description: 'Keys of alertChannels' }),
        waitMinutes: escalationStepInputSchema.shape.waitMinutes,
      }),
    )
    .min(1, 'Add at least one step.')
    .max(MAX_ESCALATION_STEPS, `A policy has at most ${MAX_ESCALATION_STEPS} steps.`),
});
export type ConfigEscalationPolicy = z.infer<typeof configEscalationPolicySchema>;

const siteFields = performanceSiteInputSchema.shape;

/**
 * A performance site (issue 42, item 8): the API's fields, its monitor by key, and its real-user
 * monitoring settings. The RUM key is the server's: made when RUM is first enabled, then kept.
 */
export const configPerformanceSiteSchema = z.object({
  name: siteFields.name.unwrap(),
  url: siteFields.url,
  device: siteFields.device,
  frequency: z.enum(['weekly', 'daily']).optional().meta({
    description:
      'How often the site must at least be measured. The plan sets the schedule (weekly on Free, daily on paid plans), so daily is refused on a weekly plan; never stored, and export leaves it out',
  }),
  monitor: managedKeySchema.nullable().default(null).meta({
    description: 'The key of the monitor in monitors whose deployments measure it; left out: none',
  }),
  budgets: siteFields.budgets.meta({
    description:
      'Lab and field budgets, as the API takes them; left out, a new site gets the default budgets of its plan and a stored one keeps its own',
  }),
  rum: rumSettingsInputSchema.optional().meta({
    description:
      "Real-user monitoring: enabled, sampleRate (1), allowedOrigins (the url's origin), routes ([]); left out, the site's RUM settings are left as they are",
  }),
});
export type ConfigPerformanceSite = z.infer<typeof configPerformanceSiteSchema>;

/**
 * A section left out of the file is not managed by it (never pruned); `{}` manages an empty set.
 * Secrets are written `${ENV_VAR}`: the CLI fills them in from its environment before sending.
 */
export const configFileSchema = z
  .object({
    alertChannels: z.record(managedKeySchema, channelInputSchema).optional(),
    monitors: z.record(managedKeySchema, configMonitorSchema).optional(),
    statusPages: z.record(managedKeySchema, configStatusPageSchema).optional(),
    maintenanceWindows: z.record(managedKeySchema, configMaintenanceWindowSchema).optional(),
    escalationPolicies: z
      .record(managedKeySchema, configEscalationPolicySchema)
      .refine(
        (policies) => Object.values(policies).filter((policy) => policy.isDefault).length <= 1,
        'At most one escalation policy can be the default.',
      )
      .optional(),
    performanceSites: z.record(managedKeySchema, configPerformanceSiteSchema).optional(),
  })
  .meta({ id: 'UpwatchConfig', title: 'upwatch.yaml' });
export type ConfigFile = z.infer<typeof configFileSchema>;
export type ConfigSection = keyof ConfigFile;

export const CONFIG_RESOURCES = [
  'alertChannel',
  'monitor',
  'statusPage',
  'maintenanceWindow',
  'escalationPolicy',
  'performanceSite',
] as const;
export type ConfigResource = (typeof CONFIG_RESOURCES)[number];

export const configApplyInputSchema = z
  .object({
    config: configFileSchema,
    prune: z
      .boolean()
      .default(false)
      .meta({ description: 'Delete resources of the sections the file has that it does not list' }),
    dryRun: z.boolean().default(false).meta({ description: 'Report the changes, then roll them back' }),
  })
  .meta({ id: 'ConfigApplyInput' });
export type ConfigApplyInput = z.infer<typeof configApplyInputSchema>;

/** A plan is an apply's dry run that any member may ask for, a viewer key from a pull request too. */
export const configPlanInputSchema = configApplyInputSchema
  .omit({ dryRun: true })
  .meta({ id: 'ConfigPlanInput' });

export const fieldChangeSchema = z
  .object({
    field: z.string(),
    before: z.unknown().optional(),
    after: z.unknown().optional(),
    secret: z.literal(true).optional().meta({ description: 'A secret changed: its values are never shown' }),
  })
  .meta({ id: 'ConfigFieldChange' });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const configChangeSchema = z
  .object({
    action: z.enum(['create', 'update', 'delete']),
    resource: z.enum(CONFIG_RESOURCES),
    key: z.string(),
    name: z.string(),
    fields: z.array(fieldChangeSchema),
  })
  .meta({ id: 'ConfigChange' });
export type ConfigChange = z.infer<typeof configChangeSchema>;

export const configApplyResultSchema = z
  .object({
    applied: z.boolean().meta({ description: 'False for a dry run: nothing was written' }),
    changes: z.array(configChangeSchema),
  })
  .meta({ id: 'ConfigApplyResult' });
export type ConfigApplyResult = z.infer<typeof configApplyResultSchema>;

/** What export writes for a secret: a reference the CLI fills in from this environment variable. */
export function secretVariable(key: string, field: string): string {
  const name = `${key}_${field}`.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_');
  return `\${${name.toUpperCase()}}`;
}
