// Alert channel, delivery and outbox payloads: one schema validates the web form and the API route.
// Each channel's own schema, secrets, form and delivery are in core/channels/, one folder per kind.
import { z } from 'zod';
import { CHANNEL_DESCRIPTORS, CHANNEL_KINDS, type ChannelDescriptors } from '../channels/registry.ts';

export {
  CHANNEL_CONFIG_SCHEMAS,
  CHANNEL_KINDS,
  CHANNEL_LABELS,
  CHANNEL_SECRET_FIELDS,
  type ChannelConfigs,
  type ChannelKind,
} from '../channels/registry.ts';

/** The most channels one monitor may send to; more is a misconfiguration, not a need. */
export const MAX_CHANNELS_PER_MONITOR = 20;

const channelName = z
  .string()
  .trim()
  .min(1, 'Give the channel a name.')
  .max(100, 'Names are limited to 100 characters.');

/** One kind's input: its name and its config (which a kind without fields may leave out). */
type ChannelInputOption<D extends ChannelDescriptors[number]> = z.ZodObject<{
  kind: z.ZodLiteral<D['kind']>;
  name: typeof channelName;
  config: D extends { emptyConfig: true } ? z.ZodDefault<D['configSchema']> : D['configSchema'];
}>;
type ChannelInputOptions<T extends ChannelDescriptors> = {
  readonly [I in keyof T]: ChannelInputOption<T[I]>;
};

const channelInputOptions = CHANNEL_DESCRIPTORS.map((descriptor) =>
  z.object({
    kind: z.literal(descriptor.kind),
    name: channelName,
    config: 'emptyConfig' in descriptor ? descriptor.configSchema.default({}) : descriptor.configSchema,
  }),
) as unknown as ChannelInputOptions<ChannelDescriptors>;

export const channelInputSchema = z
  .discriminatedUnion('kind', channelInputOptions, {
    error: `Choose a channel kind: ${CHANNEL_KINDS.join(', ')}.`,
  })
  .meta({ id: 'AlertChannelInput' });
export type ChannelInput = z.infer<typeof channelInputSchema>;

export const channelUpdateSchema = z
  .object({
    name: channelName.optional(),
    /** The whole config for the channel's kind; a secret field left out or blank keeps its stored value. */
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'AlertChannelUpdate' });
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

export const channelSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CHANNEL_KINDS),
    name: z.string(),
    target: z.string().meta({ description: 'Where it sends, with secrets left out (an address or a host)' }),
    createdAt: z.number(),
    secret: z
      .string()
      .optional()
      .meta({ description: "A webhook's signing secret: in the create answer only" }),
  })
  .meta({ id: 'AlertChannel' });
export type Channel = z.infer<typeof channelSchema>;

/** A channel with what an edit form may show: its config without secrets, and which secrets it has. */
export const channelDetailSchema = channelSchema
  .extend({
    settings: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .meta({ description: 'The config without its secret fields (an address, a server, a topic, a room)' }),
    secretsSet: z.array(z.string()).meta({
      description: 'The secret fields stored for the channel, by name; their values are never shown',
    }),
  })
  .meta({ id: 'AlertChannelDetail' });
export type ChannelDetail = z.infer<typeof channelDetailSchema>;

export const channelListSchema = z
  .object({ channels: z.array(channelDetailSchema), accountEmail: z.string() })
  .meta({ id: 'AlertChannelList' });
export type ChannelList = z.infer<typeof channelListSchema>;

export const testResultSchema = z
  .object({ ok: z.boolean(), error: z.string().nullable() })
  .meta({ id: 'AlertTestResult' });
export type TestResult = z.infer<typeof testResultSchema>;

export const monitorChannelsInputSchema = z
  .object({
    channelIds: z
      .array(z.string().min(1).max(64))
      .max(MAX_CHANNELS_PER_MONITOR, `A monitor can alert at most ${MAX_CHANNELS_PER_MONITOR} channels.`),
  })
  .meta({ id: 'MonitorAlertChannelsInput' });

export const monitorChannelsSchema = z
  .object({
    channelIds: z.array(z.string()),
    usesAccountEmail: z.boolean().meta({ description: 'True while no channel is chosen' }),
  })
  .meta({ id: 'MonitorAlertChannels' });
export type MonitorChannels = z.infer<typeof monitorChannelsSchema>;

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export const ALERT_KINDS = [
  'monitor.down',
  'monitor.up',
  'monitors.down',
  'monitors.up',
  'monitor.reminder',
  'monitor.degraded',
  'monitor.speed_recovered',
  'monitor.region_down',
  'monitor.region_recovered',
  'ssl.expiring',
  'ssl.renewed',
  'ssl.problem',
  'ssl.problem_cleared',
  'domain.expiring',
  'performance.budget_exceeded',
  'performance.budget_recovered',
  'incident.escalated',
  'incident.acknowledged',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'monitor.down': 'Down',
  'monitor.up': 'Recovered',
  'monitors.down': 'Down (grouped)',
  'monitors.up': 'Recovered (grouped)',
  'monitor.reminder': 'Still down',
  'monitor.degraded': 'Slow',
  'monitor.speed_recovered': 'Back to normal speed',
  'monitor.region_down': 'Failing from a region',
  'monitor.region_recovered': 'Region recovered',
  'ssl.expiring': 'Certificate expiring',
  'ssl.renewed': 'Certificate renewed',
  'ssl.problem': 'Certificate problem',
  'ssl.problem_cleared': 'Certificate problem cleared',
  'domain.expiring': 'Domain expiring',
  'performance.budget_exceeded': 'Over budget',
  'performance.budget_recovered': 'Back within budget',
  'incident.escalated': 'Escalated',
  'incident.acknowledged': 'Acknowledged',
};

export const deliverySchema = z
  .object({
    id: z.string(),
    kind: z.enum(ALERT_KINDS),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.number().nullable(),
    createdAt: z.number(),
    sentAt: z.number().nullable(),
    monitor: z.object({ id: z.string(), name: z.string() }).nullable(),
    incidentId: z.string().nullable(),
    channel: z
      .object({ id: z.string().nullable(), kind: z.enum(CHANNEL_KINDS), name: z.string() })
      .nullable()
      .meta({ description: 'Null when the channel was deleted since' }),
  })
  .meta({ id: 'AlertDelivery' });
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListSchema = z
  .object({ deliveries: z.array(deliverySchema) })
  .meta({ id: 'AlertDeliveryList' });

export const outboxMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    createdAt: z.number(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxListSchema = z.object({ mails: z.array(outboxMailSchema) }).meta({ id: 'Outbox' });
