// Monitor payloads: one schema validates the web form and the API route. A monitor has a kind;
// its fields sit at the top level beside the common ones, and `kind` picks which apply.
import { z } from 'zod';
import { domainBadgeSchema } from './domains.ts';
import { monitorStatsSchema } from './history.ts';
import { monitorMaintenanceSchema } from './maintenance.ts';
import { dnsAnswerFields, dnsFields, dnsInputFields } from './monitor-kinds/dns.ts';
import {
  heartbeatAnswerFields,
  heartbeatFields,
  heartbeatInputFields,
  heartbeatScheduleGiven,
} from './monitor-kinds/heartbeat.ts';
import { httpAnswerFields, httpFields, httpInputFields } from './monitor-kinds/http.ts';
import { pingAnswerFields, pingFields, pingInputFields } from './monitor-kinds/ping.ts';
import { tcpAnswerFields, tcpFields, tcpInputFields } from './monitor-kinds/tcp.ts';
import { sslBadgeSchema } from './ssl.ts';

export { HTTP_METHODS } from './monitor-kinds/http.ts';
export const MONITOR_KINDS = ['http', 'tcp', 'ping', 'dns', 'heartbeat'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];
/** `stale`: its last result is older than twice its interval plus its timeout (never stored). */
export const MONITOR_STATUSES = ['up', 'down', 'degraded', 'paused', 'pending', 'stale'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

export const MAX_TIMEOUT_SECONDS = 60;

const common = {
  name: z.string().trim().min(1, 'Give the monitor a name.').max(100, 'Names are limited to 100 characters.'),
  timeoutSeconds: z
    .number()
    .int()
    .min(1, 'The timeout must be at least 1 second.')
    .max(MAX_TIMEOUT_SECONDS, `The timeout can be at most ${MAX_TIMEOUT_SECONDS} seconds.`),
  degradedAboveMs: z.number().int().min(1).max(60_000).nullable(),
  intervalMinutes: z.number().int().min(1, 'The interval must be at least 1 minute.').max(1440),
  /** Whole minutes in seconds (300) anywhere; any number of seconds only in test mode (UPWATCH_TEST_MODE). */
  intervalSeconds: z.number().int().min(1).max(86_400),
  paused: z.boolean(),
  /** Shows the monitor at /status/monitor/{id} and on its badges. */
  public: z.boolean(),
  /** Warns 30/14/7/3/1 days before the registrable domain of the monitor's host expires. */
  domainExpiry: z.boolean(),
};

const commonInput = {
  name: common.name,
  timeoutSeconds: common.timeoutSeconds.default(30),
  degradedAboveMs: common.degradedAboveMs.default(null),
  intervalMinutes: common.intervalMinutes.optional(),
  intervalSeconds: common.intervalSeconds.optional(),
  paused: common.paused.default(false),
  public: common.public.default(false),
  domainExpiry: common.domainExpiry.default(true),
};

function expectedValuesGiven(value: { match: string; expected: string[] }, ctx: z.RefinementCtx): void {
  if (value.match !== 'resolves' && value.expected.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['expected'], message: 'Enter at least one expected value.' });
  }
}

/** Each kind's input. An http monitor may leave `kind` out (upwatch.yaml, imports, the API). */
export const monitorInputSchemas = {
  http: z.object({ ...commonInput, ...httpInputFields }),
  tcp: z.object({ ...commonInput, ...tcpInputFields }).meta({ id: 'TcpMonitorInput' }),
  ping: z.object({ ...commonInput, ...pingInputFields }).meta({ id: 'PingMonitorInput' }),
  dns: z
    .object({ ...commonInput, ...dnsInputFields })
    .superRefine(expectedValuesGiven)
    .meta({ id: 'DnsMonitorInput' }),
  heartbeat: z
    .object({ ...commonInput, ...heartbeatInputFields })
    .superRefine(heartbeatScheduleGiven)
    .meta({ id: 'HeartbeatMonitorInput' }),
} satisfies { [K in MonitorKind]: z.ZodType<{ kind: K }> };

/** A body without `kind` is an http monitor's, as it always was. */
function httpUnlessNamed(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return (value as { kind?: unknown }).kind === undefined ? { ...value, kind: 'http' } : value;
}

/**
 * The API's monitor input: a union on `kind` whose every branch names its kind, so the document's
 * discriminator maps each value to one branch and no two branches accept the same body. A body
 * without `kind` still means http: it is filled in before the union reads it.
 */
export const monitorInputSchema = z.preprocess(
  httpUnlessNamed,
  z
    .discriminatedUnion(
      'kind',
      [
        monitorInputSchemas.http.extend({ kind: z.literal('http') }).meta({ id: 'HttpMonitorInput' }),
        monitorInputSchemas.tcp,
        monitorInputSchemas.ping,
        monitorInputSchemas.dns,
        monitorInputSchemas.heartbeat,
      ],
      { error: `kind must be one of ${MONITOR_KINDS.join(', ')}.` },
    )
    .meta({ id: 'MonitorInput' }),
);
export type MonitorInput = z.output<typeof monitorInputSchema>;
export type MonitorInputOf<K extends MonitorKind> = Extract<MonitorInput, { kind: K }>;
export type MonitorFormValues = z.input<(typeof monitorInputSchemas)[MonitorKind]>;

/** The fields each kind owns, beyond the common ones: an update may only name its monitor's. */
export const KIND_FIELDS = {
  http: Object.keys(httpFields),
  tcp: Object.keys(tcpFields),
  ping: Object.keys(pingFields),
  dns: Object.keys(dnsFields),
  heartbeat: Object.keys(heartbeatFields),
} satisfies Record<MonitorKind, string[]>;

/**
 * A partial update: the common fields and any kind's fields. The service merges it over the
 * monitor and validates the result with its kind's schema; a field of another kind is refused.
 */
export const monitorUpdateSchema = z
  .object({
    ...common,
    ...httpFields,
    ...tcpFields,
    ...pingFields,
    ...dnsFields,
    ...heartbeatFields,
  })
  .partial()
  .meta({ id: 'MonitorUpdate' });
export type MonitorUpdate = z.infer<typeof monitorUpdateSchema>;

const answerCommon = {
  id: z.string(),
  name: z.string(),
  target: z
    .string()
    .meta({ description: 'What the monitor watches, for people: a URL, host:port, a name and record type' }),
  timeoutSeconds: z.number(),
  degradedAboveMs: z.number().nullable(),
  intervalSeconds: z.number(),
  intervalRaisedFromSeconds: z
    .number()
    .nullable()
    .meta({ description: "The interval before a plan change raised it to the plan's minimum" }),
  paused: z.boolean(),
  public: z.boolean(),
  domainExpiry: z.boolean().meta({ description: 'Warnings before the domain of the host expires' }),
  status: z.enum(MONITOR_STATUSES),
  streak: z.number().meta({ description: 'Consecutive checks with the current status' }),
  lastCheckedAt: z.number().nullable(),
  lastStatusChangeAt: z.number().nullable(),
  lastLatencyMs: z.number().nullable(),
  nextRunAt: z
    .number()
    .nullable()
    .meta({ description: 'Null while paused, and while a heartbeat waits for its first ping' }),
  maintenance: monitorMaintenanceSchema.nullable().meta({
    description: 'The maintenance window covering the monitor now, and when it ends; null outside one',
  }),
  failingFrom: z.array(z.string()).meta({
    description:
      'Regions whose own checks fail now (a monitor checked from several regions); empty otherwise',
  }),
  managedKey: z.string().nullable().meta({
    description: "Its key in upwatch.yaml when a file manages it (upwatch apply); null when it doesn't",
  }),
  createdAt: z.number(),
  updatedAt: z.number(),
};

/** What every monitor answers whatever its kind: what live updates patch. */
export type MonitorCommon = z.infer<z.ZodObject<typeof answerCommon>>;

export const monitorSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...answerCommon, ...httpAnswerFields }).meta({ id: 'HttpMonitor' }),
    z.object({ ...answerCommon, ...tcpAnswerFields }).meta({ id: 'TcpMonitor' }),
    z.object({ ...answerCommon, ...pingAnswerFields }).meta({ id: 'PingMonitor' }),
    z.object({ ...answerCommon, ...dnsAnswerFields }).meta({ id: 'DnsMonitor' }),
    z.object({ ...answerCommon, ...heartbeatAnswerFields }).meta({ id: 'HeartbeatMonitor' }),
  ])
  .meta({ id: 'Monitor' });
export type Monitor = z.infer<typeof monitorSchema>;
export type MonitorOf<K extends MonitorKind> = Extract<Monitor, { kind: K }>;

const listExtras = {
  stats: monitorStatsSchema.optional(),
  ssl: sslBadgeSchema.nullable().optional().meta({ description: 'https monitors once checked' }),
  domain: domainBadgeSchema
    .nullable()
    .optional()
    .meta({ description: 'Set once the watched domain expires within 30 days' }),
};

/**
 * A list item is a monitor of its kind with the list's extras: one object per kind, not
 * `allOf: [Monitor, extras]`, which generators read as the kinds' common fields only (losing
 * `kind`, `url`, `host`).
 */
export const monitorListItemSchema = z
  .discriminatedUnion('kind', [
    z.object({ ...answerCommon, ...httpAnswerFields, ...listExtras }).meta({ id: 'HttpMonitorListItem' }),
    z.object({ ...answerCommon, ...tcpAnswerFields, ...listExtras }).meta({ id: 'TcpMonitorListItem' }),
    z.object({ ...answerCommon, ...pingAnswerFields, ...listExtras }).meta({ id: 'PingMonitorListItem' }),
    z.object({ ...answerCommon, ...dnsAnswerFields, ...listExtras }).meta({ id: 'DnsMonitorListItem' }),
    z
      .object({ ...answerCommon, ...heartbeatAnswerFields, ...listExtras })
      .meta({ id: 'HeartbeatMonitorListItem' }),
  ])
  .meta({ id: 'MonitorListItem' });

export const monitorListSchema = z
  .object({
    monitors: z.array(monitorListItemSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MonitorList' });
export type MonitorList = z.infer<typeof monitorListSchema>;
