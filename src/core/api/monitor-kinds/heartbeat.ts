// The heartbeat kind: a job pings Upwatch every period or on a cron schedule (read in an IANA time
// zone); Upwatch alerts when a ping is missing once the grace time is over, or the job says it failed.
import { z } from 'zod';
import { cronOf } from '../../heartbeat-schedule.ts';

const MAX_PERIOD_SECONDS = 31 * 86_400;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Why a cron expression is refused, or null when croner reads it and it runs at least once. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (!expression.startsWith('@') && fields.length !== 5) {
    return `A cron expression has 5 fields (minute hour day month weekday); this one has ${fields.length}.`;
  }
  try {
    if (cronOf(expression, 'UTC').nextRun() === null) return 'This cron expression never runs.';
    return null;
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^CronPattern:\s*/, '') : String(err);
    return `Not a valid cron expression: ${reason.replace(/\.$/, '')}.`;
  }
}

export const heartbeatFields = {
  periodSeconds: z
    .number()
    .int('The period is a whole number of seconds.')
    .min(1, 'The period must be at least 1 second.')
    .max(MAX_PERIOD_SECONDS, 'The period can be at most 31 days.')
    .nullable()
    .meta({ description: 'Expect a ping this often (or give cron)' }),
  cron: z
    .string()
    .trim()
    .max(200, 'Cron expressions are limited to 200 characters.')
    .nullable()
    .meta({ description: 'Expect a ping on this five-field cron schedule (or give periodSeconds)' }),
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'Enter an IANA time zone such as Europe/Berlin or UTC.')
    .meta({ description: 'The IANA time zone the cron expression is read in' }),
  graceSeconds: z
    .number()
    .int('The grace time is a whole number of seconds.')
    .min(0, 'The grace time cannot be negative.')
    .max(7 * 86_400, 'The grace time can be at most 7 days.')
    .meta({ description: 'How late a ping may be before the monitor is down' }),
};

export const heartbeatInputFields = {
  kind: z.literal('heartbeat'),
  periodSeconds: heartbeatFields.periodSeconds.default(null),
  cron: heartbeatFields.cron.default(null),
  timezone: heartbeatFields.timezone.default('UTC'),
  graceSeconds: heartbeatFields.graceSeconds.default(300),
};

/** Exactly one of period and cron; a cron croner reads. */
export function heartbeatScheduleGiven(
  value: { periodSeconds: number | null; cron: string | null },
  ctx: z.RefinementCtx,
): void {
  if ((value.periodSeconds === null) === (value.cron === null)) {
    ctx.addIssue({ code: 'custom', path: ['periodSeconds'], message: 'Give either periodSeconds or cron.' });
    return;
  }
  const problem = value.cron === null ? null : cronProblem(value.cron);
  if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem });
}

export const heartbeatAnswerFields = {
  kind: z.literal('heartbeat'),
  periodSeconds: z.number().nullable(),
  cron: z.string().nullable(),
  timezone: z.string(),
  graceSeconds: z.number(),
  pingUrl: z
    .string()
    .meta({ description: 'POST or GET it on success; /start, /fail or /{exit status} after it' }),
  nextDueAt: z.number().nullable().meta({ description: 'When the next ping is expected' }),
  late: z.boolean().meta({ description: 'Past the expected time, inside the grace time' }),
};

export const HEARTBEAT_PING_KINDS = ['start', 'success', 'fail', 'exit'] as const;

export const heartbeatPingSchema = z
  .object({
    id: z.string(),
    at: z.number(),
    kind: z.enum(HEARTBEAT_PING_KINDS),
    exitStatus: z.number().nullable(),
    rid: z.string().nullable().meta({ description: 'The run id given with ?rid=' }),
    durationMs: z.number().nullable().meta({ description: 'From the paired /start, on success' }),
    sourceAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    body: z.string().nullable().meta({ description: 'The first 10 KB of the request body' }),
    bodyTruncated: z.boolean(),
  })
  .meta({ id: 'HeartbeatPing' });
export type HeartbeatPing = z.infer<typeof heartbeatPingSchema>;

export const heartbeatPingListSchema = z
  .object({ pings: z.array(heartbeatPingSchema) })
  .meta({ id: 'HeartbeatPingList' });
