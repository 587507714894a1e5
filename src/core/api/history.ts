// Check history and uptime payloads (read by the monitor screens and the public API).
import { z } from 'zod';

/** What a ping check read: totalMs is the average round trip rounded to whole milliseconds. */
export const pingFactsSchema = z
  .object({
    packets: z.number(),
    received: z.number(),
    lossPercent: z.number(),
    rttMinMs: z.number().nullable(),
    rttAvgMs: z.number().nullable(),
    rttMaxMs: z.number().nullable(),
  })
  .meta({ id: 'PingFacts' });
export type PingFacts = z.infer<typeof pingFactsSchema>;

export const checkResultSchema = z
  .object({
    id: z.string(),
    checkedAt: z.number(),
    region: z.string(),
    status: z.enum(['up', 'down', 'degraded']),
    statusCode: z.number().nullable(),
    totalMs: z.number(),
    timings: z.object({
      dnsMs: z.number().nullable(),
      connectMs: z.number().nullable(),
      tlsMs: z.number().nullable(),
      ttfbMs: z.number().nullable(),
      downloadMs: z.number().nullable(),
    }),
    responseBytes: z.number().nullable(),
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
    confirmation: z.boolean().meta({ description: 'This check re-checked an earlier failure' }),
    reason: z.enum(['deployment', 'ping']).optional().meta({
      description:
        'Why the check ran out of schedule (ping: a heartbeat ping judged it); absent for scheduled checks',
    }),
    maintenance: z.literal(true).optional().meta({
      description: 'The check ran inside a maintenance window: no incident, no alert, not in uptime',
    }),
    answers: z
      .array(z.string())
      .optional()
      .meta({ description: 'DNS checks: the answer set the resolver gave, sorted; absent for other kinds' }),
    ping: pingFactsSchema.optional().meta({ description: 'Ping checks: packets and round trips' }),
  })
  .meta({ id: 'CheckResult' });
export type CheckResult = z.infer<typeof checkResultSchema>;

export const checkResultListSchema = z
  .object({ results: z.array(checkResultSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CheckResultList' });

export const windowSummarySchema = z.object({
  checks: z.number(),
  upChecks: z.number(),
  uptimePercent: z
    .number()
    .nullable()
    .meta({ description: 'Share of the time up (degraded counts as up), maintenance left out' }),
  downtimeMs: z.number().meta({ description: 'Time down: each check stands for the time until the next' }),
  avgMs: z.number().nullable(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});
export type WindowSummary = z.infer<typeof windowSummarySchema>;

const bucketSchema = z.object({
  start: z.number().meta({ description: 'Bucket start, epoch ms (UTC hour or day)' }),
  checks: z.number(),
  upChecks: z.number(),
  uptimePercent: z.number().nullable(),
  downtimeMs: z.number(),
  avgMs: z.number().nullable(),
});

export const uptimeReportSchema = z
  .object({
    windows: z.object({
      '24h': windowSummarySchema,
      '7d': windowSummarySchema,
      '30d': windowSummarySchema,
      '90d': windowSummarySchema,
    }),
    hourly: z.array(bucketSchema).meta({ description: 'The last 24 hours, oldest first' }),
    daily: z.array(bucketSchema).meta({ description: 'The last 90 days, oldest first' }),
    outages: z
      .array(z.object({ start: z.number(), end: z.number().nullable(), durationMs: z.number() }))
      .meta({
        description: 'Confirmed downtime in the last 90 days, newest first; end is null while ongoing',
      }),
  })
  .meta({ id: 'UptimeReport' });
export type UptimeReport = z.infer<typeof uptimeReportSchema>;

export const monitorStatsSchema = z
  .object({
    uptime24h: z.number().nullable(),
    uptime30d: z.number().nullable(),
    avgMs24h: z.number().nullable(),
    sparkline: z
      .array(z.number().nullable())
      .meta({ description: 'Average response per hour, last 24 hours' }),
  })
  .meta({ id: 'MonitorStats' });
export type MonitorStats = z.infer<typeof monitorStatsSchema>;
