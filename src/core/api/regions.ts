// Regions are the live workers that check from them (issue 21): GET /api/v1/regions.
import { z } from 'zod';

/** A region none of whose workers was seen this long is offline and leaves every quorum. */
export const REGION_OFFLINE_AFTER_MS = 2 * 60_000;

export const regionWorkerSchema = z
  .object({
    id: z.string(),
    host: z.string(),
    pid: z.number().int(),
    startedAt: z.number().int(),
    lastSeenAt: z.number().int(),
    /** Stopped cleanly or found dead; null while it runs. */
    stoppedAt: z.number().int().nullable(),
    checksPerMinute: z.number().int(),
    lagP99Ms: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'How late its checks started, 99th percentile' }),
  })
  .meta({ id: 'RegionWorker' });

export const regionSchema = z
  .object({
    name: z.string(),
    online: z.boolean().meta({ description: 'A worker of the region was seen within the last 2 minutes' }),
    lastSeenAt: z.number().int(),
    checksPerMinute: z.number().int().meta({ description: 'Summed over its running workers' }),
    workers: z.array(regionWorkerSchema),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof regionSchema>;

export const regionListSchema = z.object({ regions: z.array(regionSchema) }).meta({ id: 'RegionList' });
export type RegionList = z.infer<typeof regionListSchema>;

const regionName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,39}$/,
    'Region names are lowercase letters, digits and dashes, as workers report them.',
  );

const regionFiguresSchema = z.object({
  checks: z.number(),
  uptimePercent: z.number().nullable(),
  avgMs: z.number().nullable(),
});

/** One region's view of a multi-region monitor: its own confirmed status and last check. */
export const monitorRegionStateSchema = z
  .object({
    region: z.string(),
    online: z.boolean().meta({ description: 'Offline regions leave the quorum' }),
    status: z.enum(['up', 'down', 'degraded', 'pending']),
    lastCheckedAt: z.number().nullable(),
    latencyMs: z.number().nullable(),
    failure: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
    last24h: regionFiguresSchema.meta({
      description: "The region's own checks over the last 24 hours (its raw results, not the quorum's)",
    }),
    last30d: regionFiguresSchema.meta({
      description: "The region's own checks over the last 30 days (whole UTC days, from its daily rollups)",
    }),
  })
  .meta({ id: 'MonitorRegionState' });
export type MonitorRegionState = z.infer<typeof monitorRegionStateSchema>;

export const monitorRegionsSchema = z
  .object({
    regions: z
      .array(z.string())
      .nullable()
      .meta({ description: 'The regions chosen for the monitor; null: every live region' }),
    quorum: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Failing regions that make it down; null: more than half' }),
    effectiveQuorum: z
      .number()
      .nullable()
      .meta({ description: 'How many live regions must fail now; null while one vantage point checks it' }),
    states: z.array(monitorRegionStateSchema),
    failingFrom: z.array(z.string()).meta({ description: 'Regions whose own checks fail now' }),
    alertOnRegionFailure: z.boolean().meta({
      description:
        'Alert (low severity, no incident) when one region fails while the quorum keeps the monitor up',
    }),
  })
  .meta({ id: 'MonitorRegions' });
export type MonitorRegions = z.infer<typeof monitorRegionsSchema>;

export const monitorRegionsInputSchema = z
  .object({
    regions: z
      .array(regionName)
      .min(1, 'Choose at least one region, or null for every live region.')
      .max(32)
      .nullable(),
    quorum: z.number().int().min(1, 'The quorum is at least 1 region.').max(32).nullable(),
    alertOnRegionFailure: z.boolean().optional().meta({ description: 'Left out: unchanged' }),
  })
  .meta({ id: 'MonitorRegionsInput' });
export type MonitorRegionsInput = z.infer<typeof monitorRegionsInputSchema>;
