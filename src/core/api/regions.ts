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
