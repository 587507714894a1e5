// Quiet alerting (issue 19): what a monitor's alerts wait on and repeat, and how the workspace
// bundles alerts of monitors failing together. One schema validates the form and the route.
import { z } from 'zod';

export const MAX_DEPENDENCIES = 20;
export const RENOTIFY_MINUTES = { min: 5, max: 1440 } as const;
export const GROUPING_SECONDS = { max: 600, default: 60 } as const;

const idSchema = z.string().min(1).max(64);

export const monitorAlertSettingsSchema = z
  .object({
    dependsOn: z.array(idSchema).meta({
      description:
        "Monitors this one depends on: while one of them is down, this monitor's failures open no incident of their own and send no alert; they are listed on the upstream's incident.",
    }),
    renotifyMinutes: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Remind the channels every so many minutes while down; null: never' }),
    alertOnDegraded: z
      .boolean()
      .meta({ description: 'Alert when the monitor answers slowly (degraded) for two checks running' }),
  })
  .meta({ id: 'MonitorAlertSettings' });
export type MonitorAlertSettings = z.infer<typeof monitorAlertSettingsSchema>;

export const monitorAlertSettingsInputSchema = z
  .object({
    dependsOn: z
      .array(idSchema)
      .max(MAX_DEPENDENCIES, `A monitor can depend on at most ${MAX_DEPENDENCIES} monitors.`),
    renotifyMinutes: z
      .number()
      .int()
      .min(RENOTIFY_MINUTES.min, `Re-notify at most every ${RENOTIFY_MINUTES.min} minutes.`)
      .max(RENOTIFY_MINUTES.max, 'Re-notify at least once a day.')
      .nullable(),
    alertOnDegraded: z.boolean(),
  })
  .partial()
  .meta({ id: 'MonitorAlertSettingsInput' });
export type MonitorAlertSettingsInput = z.infer<typeof monitorAlertSettingsInputSchema>;

export const workspaceAlertSettingsSchema = z
  .object({
    groupingSeconds: z
      .number()
      .int()
      .min(0)
      .max(GROUPING_SECONDS.max, `Group alerts over at most ${GROUPING_SECONDS.max} seconds.`)
      .meta({
        description:
          'Down and Recovered alerts of monitors failing within this many seconds of each other go out as one alert per channel; 0 sends each at once.',
      }),
  })
  .meta({ id: 'WorkspaceAlertSettings' });
export type WorkspaceAlertSettings = z.infer<typeof workspaceAlertSettingsSchema>;
