// Monitor payloads: one schema validates the web form and the API route.
import { z } from 'zod';
import { DEFAULT_EXPECTED_STATUS, statusExpressionError } from '../status-codes.ts';
import { monitorStatsSchema } from './history.ts';
import { httpUrlSchema } from './http-url.ts';
import { sslBadgeSchema } from './ssl.ts';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const MONITOR_STATUSES = ['up', 'down', 'degraded', 'paused', 'pending'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

export const MAX_TIMEOUT_SECONDS = 60;
const MAX_BODY_CHARS = 64 * 1024;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

// Ranges and lists such as 200-299,301, parsed by the same code the check runner uses.
const statusExpression = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const error = statusExpressionError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

const keywordSchema = z.object({
  mode: z.enum(['contains', 'not_contains']),
  value: z.string().min(1, 'Enter the text to look for.').max(1000),
});

const fields = {
  name: z.string().trim().min(1, 'Give the monitor a name.').max(100, 'Names are limited to 100 characters.'),
  url: httpUrlSchema,
  method: z.enum(HTTP_METHODS),
  headers: z
    .record(
      z.string().regex(HEADER_NAME, 'Header names may not contain spaces or separators.'),
      z.string().max(8192),
    )
    .refine((headers) => Object.keys(headers).length <= 50, 'At most 50 request headers.'),
  body: z.string().max(MAX_BODY_CHARS, 'Request bodies are limited to 64 KiB.').nullable(),
  expectedStatus: statusExpression,
  keyword: keywordSchema.nullable(),
  timeoutSeconds: z
    .number()
    .int()
    .min(1, 'The timeout must be at least 1 second.')
    .max(MAX_TIMEOUT_SECONDS, `The timeout can be at most ${MAX_TIMEOUT_SECONDS} seconds.`),
  followRedirects: z.boolean(),
  ignoreTlsErrors: z.boolean(),
  degradedAboveMs: z.number().int().min(1).max(60_000).nullable(),
  intervalMinutes: z.number().int().min(1, 'The interval must be at least 1 minute.').max(1440),
  /** Only honoured in test mode (UPWATCH_TEST_MODE), for second-level intervals. */
  intervalSeconds: z.number().int().min(1).max(86_400),
  paused: z.boolean(),
  /** Shows the monitor at /status/monitor/{id} and on its badges. */
  public: z.boolean(),
};

export const monitorInputSchema = z
  .object({
    name: fields.name,
    url: fields.url,
    method: fields.method.default('GET'),
    headers: fields.headers.default({}),
    body: fields.body.default(null),
    expectedStatus: fields.expectedStatus.default(DEFAULT_EXPECTED_STATUS),
    keyword: fields.keyword.default(null),
    timeoutSeconds: fields.timeoutSeconds.default(30),
    followRedirects: fields.followRedirects.default(true),
    ignoreTlsErrors: fields.ignoreTlsErrors.default(false),
    degradedAboveMs: fields.degradedAboveMs.default(null),
    intervalMinutes: fields.intervalMinutes.optional(),
    intervalSeconds: fields.intervalSeconds.optional(),
    paused: fields.paused.default(false),
    public: fields.public.default(false),
  })
  .meta({ id: 'MonitorInput' });
export type MonitorInput = z.infer<typeof monitorInputSchema>;
export type MonitorFormValues = z.input<typeof monitorInputSchema>;

export const monitorUpdateSchema = z.object(fields).partial().meta({ id: 'MonitorUpdate' });
export type MonitorUpdate = z.infer<typeof monitorUpdateSchema>;

export const monitorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    method: z.enum(HTTP_METHODS),
    headers: z.record(z.string(), z.string()),
    body: z.string().nullable(),
    expectedStatus: z.string(),
    keyword: keywordSchema.nullable(),
    timeoutSeconds: z.number(),
    followRedirects: z.boolean(),
    ignoreTlsErrors: z.boolean(),
    degradedAboveMs: z.number().nullable(),
    intervalSeconds: z.number(),
    intervalRaisedFromSeconds: z
      .number()
      .nullable()
      .meta({ description: "The interval before a plan change raised it to the plan's minimum" }),
    paused: z.boolean(),
    public: z.boolean(),
    status: z.enum(MONITOR_STATUSES),
    streak: z.number().meta({ description: 'Consecutive checks with the current status' }),
    lastCheckedAt: z.number().nullable(),
    lastStatusChangeAt: z.number().nullable(),
    lastLatencyMs: z.number().nullable(),
    nextRunAt: z.number().nullable().meta({ description: 'Null while paused' }),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Monitor' });
export type Monitor = z.infer<typeof monitorSchema>;

export const monitorListSchema = z
  .object({
    monitors: z.array(
      monitorSchema.extend({
        stats: monitorStatsSchema.optional(),
        ssl: sslBadgeSchema.nullable().optional().meta({ description: 'https monitors once checked' }),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MonitorList' });
export type MonitorList = z.infer<typeof monitorListSchema>;
