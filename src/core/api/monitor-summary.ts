// The dashboard's summary tiles: counts over all of the account's monitors, not a loaded page.
import { z } from 'zod';

const count = z.number().int().min(0);

export const monitorSummarySchema = z
  .object({
    total: count.meta({ description: 'Every monitor of the account, paused ones included' }),
    byStatus: z
      .object({ up: count, degraded: count, down: count, paused: count, pending: count })
      .meta({ description: 'Monitors by current status (pending: not checked since created or resumed)' }),
    openIncidents: count.meta({ description: 'Incidents not yet resolved' }),
  })
  .meta({ id: 'MonitorSummary' });
export type MonitorSummary = z.infer<typeof monitorSummarySchema>;
