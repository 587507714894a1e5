// Alert channel, delivery and outbox payloads: one schema validates the web form and the API route.
import { z } from 'zod';
import { httpUrlSchema } from './http-url.ts';

export const CHANNEL_KINDS = [
  'email',
  'members',
  'slack',
  'discord',
  'msteams',
  'googlechat',
  'mattermost',
  'rocketchat',
  'ntfy',
  'gotify',
  'telegram',
  'pagerduty',
  'opsgenie',
  'matrix',
  'pushover',
  'twilio',
  'webhook',
] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_LABELS: Record<ChannelKind, string> = {
  email: 'Email',
  members: 'All members by email',
  slack: 'Slack',
  discord: 'Discord',
  msteams: 'Microsoft Teams',
  googlechat: 'Google Chat',
  mattermost: 'Mattermost',
  rocketchat: 'Rocket.Chat',
  ntfy: 'ntfy',
  gotify: 'Gotify',
  telegram: 'Telegram',
  pagerduty: 'PagerDuty',
  opsgenie: 'Opsgenie',
  matrix: 'Matrix',
  pushover: 'Pushover',
  twilio: 'SMS or call (Twilio)',
  webhook: 'Webhook',
};

/**
 * The config fields that carry a credential (a webhook URL with its token, a key, a token): never
 * shown back, exported as variables, and kept when an edit leaves them blank.
 */
export const CHANNEL_SECRET_FIELDS = {
  email: [],
  members: [],
  slack: ['url'],
  discord: ['url'],
  msteams: ['url'],
  googlechat: ['url'],
  mattermost: ['url'],
  rocketchat: ['url'],
  ntfy: ['token'],
  gotify: ['token'],
  telegram: ['botToken'],
  pagerduty: ['routingKey'],
  opsgenie: ['apiKey'],
  matrix: ['accessToken'],
  pushover: ['userKey', 'appToken'],
  twilio: ['authToken'],
  webhook: ['secret'],
} satisfies Record<ChannelKind, readonly string[]>;

/** The most channels one monitor may send to; more is a misconfiguration, not a need. */
export const MAX_CHANNELS_PER_MONITOR = 20;

export const emailConfigSchema = z.object({
  address: z.email('Enter an email address.').max(254),
});
/** Every member of the workspace, at their account's address when the alert goes out. */
export const membersConfigSchema = z.object({});
export const slackConfigSchema = z.object({ url: httpUrlSchema });
export const discordConfigSchema = z.object({ url: httpUrlSchema });
/** A Teams workflow's "When a Teams webhook request is received" URL. */
export const msteamsConfigSchema = z.object({ url: httpUrlSchema });
export const googlechatConfigSchema = z.object({ url: httpUrlSchema });
export const mattermostConfigSchema = z.object({ url: httpUrlSchema });
export const rocketchatConfigSchema = z.object({ url: httpUrlSchema });
export const ntfyConfigSchema = z.object({
  /** The ntfy server: https://ntfy.sh or a self-hosted one. */
  url: httpUrlSchema,
  topic: z
    .string()
    .trim()
    .regex(/^[-_A-Za-z0-9]{1,64}$/, 'A topic is 1 to 64 letters, digits, - or _.'),
  /** Down and problem alerts go at this priority (1 min … 5 max); good news at the default, 3. */
  priority: z.number().int().min(1).max(5).default(4),
  /** An access token, for a protected topic. */
  token: z.string().trim().max(200).optional(),
});
export const gotifyConfigSchema = z.object({
  /** The Gotify server. */
  url: httpUrlSchema,
  /** An application's token (Apps → Create application). */
  token: z.string().trim().min(1, 'Paste the application token.').max(200),
});
export const telegramConfigSchema = z.object({
  /** From @BotFather, e.g. 123456:ABC-DEF… */
  botToken: z
    .string()
    .trim()
    .regex(
      /^\d{3,15}:[A-Za-z0-9_-]{20,100}$/,
      'Paste the bot token @BotFather gave you (digits, a colon, then letters).',
    ),
  /** A chat's numeric id (groups start with -) or a public channel's @name. */
  chatId: z
    .string()
    .trim()
    .regex(
      /^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/,
      'Enter a chat id (digits, - for groups) or a channel’s @name.',
    ),
});
export const pagerdutyConfigSchema = z.object({
  /** An Events API v2 integration's key on a PagerDuty service. */
  routingKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{32}$/, 'Paste the 32-character integration key (Events API v2).'),
});
export const opsgenieConfigSchema = z.object({
  /** An API integration's key. */
  apiKey: z.string().trim().min(1, 'Paste the API integration key.').max(100),
});
export const matrixConfigSchema = z.object({
  /** The homeserver the bot's account is on. */
  url: httpUrlSchema,
  roomId: z
    .string()
    .trim()
    .regex(
      /^![^:\s]+:[^\s]+$/,
      'Enter the room’s internal id, like !AbCdEf:matrix.org (Room settings → Advanced).',
    ),
  accessToken: z.string().trim().min(1, 'Paste the bot account’s access token.').max(500),
});
export const pushoverConfigSchema = z.object({
  userKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{30}$/, 'Paste your 30-character user (or group) key.'),
  appToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{30}$/, 'Paste your application’s 30-character API token.'),
  /** Down and problem alerts go at this priority (-2 lowest … 2 emergency, repeated until acknowledged); good news at 0. */
  priority: z.number().int().min(-2).max(2).default(1),
});
const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in international format, like +14155550100.');
export const twilioConfigSchema = z.object({
  accountSid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-f]{32}$/, 'Paste the Account SID (AC followed by 32 characters).'),
  authToken: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'Paste the 32-character Auth Token.'),
  from: phoneNumber,
  to: phoneNumber,
  /** A text message, or a phone call reading the alert out. */
  mode: z.enum(['sms', 'voice']).default('sms'),
});
export const webhookConfigSchema = z.object({
  url: httpUrlSchema,
  /** Left out: the server generates one and shows it once. */
  secret: z
    .string()
    .min(16, 'A signing secret needs at least 16 characters.')
    .max(200, 'Signing secrets are limited to 200 characters.')
    .optional(),
});

export type EmailConfig = z.infer<typeof emailConfigSchema>;
export type MembersConfig = z.infer<typeof membersConfigSchema>;
export type SlackConfig = z.infer<typeof slackConfigSchema>;
export type DiscordConfig = z.infer<typeof discordConfigSchema>;
export type MsteamsConfig = z.infer<typeof msteamsConfigSchema>;
export type GooglechatConfig = z.infer<typeof googlechatConfigSchema>;
export type MattermostConfig = z.infer<typeof mattermostConfigSchema>;
export type RocketchatConfig = z.infer<typeof rocketchatConfigSchema>;
export type NtfyConfig = z.infer<typeof ntfyConfigSchema>;
export type GotifyConfig = z.infer<typeof gotifyConfigSchema>;
export type TelegramConfig = z.infer<typeof telegramConfigSchema>;
export type PagerdutyConfig = z.infer<typeof pagerdutyConfigSchema>;
export type OpsgenieConfig = z.infer<typeof opsgenieConfigSchema>;
export type MatrixConfig = z.infer<typeof matrixConfigSchema>;
export type PushoverConfig = z.infer<typeof pushoverConfigSchema>;
export type TwilioConfig = z.infer<typeof twilioConfigSchema>;
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

export const CHANNEL_CONFIG_SCHEMAS = {
  email: emailConfigSchema,
  members: membersConfigSchema,
  slack: slackConfigSchema,
  discord: discordConfigSchema,
  msteams: msteamsConfigSchema,
  googlechat: googlechatConfigSchema,
  mattermost: mattermostConfigSchema,
  rocketchat: rocketchatConfigSchema,
  ntfy: ntfyConfigSchema,
  gotify: gotifyConfigSchema,
  telegram: telegramConfigSchema,
  pagerduty: pagerdutyConfigSchema,
  opsgenie: opsgenieConfigSchema,
  matrix: matrixConfigSchema,
  pushover: pushoverConfigSchema,
  twilio: twilioConfigSchema,
  webhook: webhookConfigSchema,
} satisfies Record<ChannelKind, z.ZodType>;

const channelName = z
  .string()
  .trim()
  .min(1, 'Give the channel a name.')
  .max(100, 'Names are limited to 100 characters.');

export const channelInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('email'), name: channelName, config: emailConfigSchema }),
      z.object({ kind: z.literal('members'), name: channelName, config: membersConfigSchema.default({}) }),
      z.object({ kind: z.literal('slack'), name: channelName, config: slackConfigSchema }),
      z.object({ kind: z.literal('discord'), name: channelName, config: discordConfigSchema }),
      z.object({ kind: z.literal('msteams'), name: channelName, config: msteamsConfigSchema }),
      z.object({ kind: z.literal('googlechat'), name: channelName, config: googlechatConfigSchema }),
      z.object({ kind: z.literal('mattermost'), name: channelName, config: mattermostConfigSchema }),
      z.object({ kind: z.literal('rocketchat'), name: channelName, config: rocketchatConfigSchema }),
      z.object({ kind: z.literal('ntfy'), name: channelName, config: ntfyConfigSchema }),
      z.object({ kind: z.literal('gotify'), name: channelName, config: gotifyConfigSchema }),
      z.object({ kind: z.literal('telegram'), name: channelName, config: telegramConfigSchema }),
      z.object({ kind: z.literal('pagerduty'), name: channelName, config: pagerdutyConfigSchema }),
      z.object({ kind: z.literal('opsgenie'), name: channelName, config: opsgenieConfigSchema }),
      z.object({ kind: z.literal('matrix'), name: channelName, config: matrixConfigSchema }),
      z.object({ kind: z.literal('pushover'), name: channelName, config: pushoverConfigSchema }),
      z.object({ kind: z.literal('twilio'), name: channelName, config: twilioConfigSchema }),
      z.object({ kind: z.literal('webhook'), name: channelName, config: webhookConfigSchema }),
    ],
    { error: `Choose a channel kind: ${CHANNEL_KINDS.join(', ')}.` },
  )
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
