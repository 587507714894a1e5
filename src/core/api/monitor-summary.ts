// The dashboard's summary tiles: counts over all of the account's monitors, not a loaded page.
import { z } from 'zod';

const count = z.number().int().min(0);

export const monitorSummarySchema = z
  .object({
    total: count.meta({ description: 'Every monitor of the account, paused ones included' }),
    byStatus: z
      .object({ up: count, degraded: count, down: count, paused: count, pending: count, stale: count })
      .meta({
        description:
          'Monitors by current status (pending: not checked since created or resumed; stale: no result for twice its interval plus its timeout, counted here and not under its last status)',
      }),
    openIncidents: count.meta({ description: 'Incidents not yet resolved' }),
    scheduler: z
      .object({
        lagMs: z.number().min(0).nullable().meta({
          description:
            "How late checks start after their due time: the live workers' worst 99th percentile over the last minute; null while none started one",
        }),
        late: z.boolean().meta({ description: 'Checks are running late (lagMs at or above 30 s)' }),
      })
      .meta({ description: "The workers' own figure for how late checks run" }),
  })
  .meta({ id: 'MonitorSummary' });
export type MonitorSummary = z.infer<typeof monitorSummarySchema>;
