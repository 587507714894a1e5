// Every alert channel, described once: a new channel is one folder here (its descriptor.ts and its
// delivery.ts) and one line in this list. The kind union, every per-kind table (labels, schemas,
// secret fields, hosted URLs) and the server's senders (server/alerts/registry.ts) are derived
// from it.
import type { z } from 'zod';
import type { ChannelDescriptor, HostedUrl } from './descriptor.ts';
import { discordDescriptor } from './discord/descriptor.ts';
import { emailDescriptor } from './email/descriptor.ts';
import { googlechatDescriptor } from './googlechat/descriptor.ts';
import { gotifyDescriptor } from './gotify/descriptor.ts';
import { matrixDescriptor } from './matrix/descriptor.ts';
import { mattermostDescriptor } from './mattermost/descriptor.ts';
import { membersDescriptor } from './members/descriptor.ts';
import { msteamsDescriptor } from './msteams/descriptor.ts';
import { ntfyDescriptor } from './ntfy/descriptor.ts';
import { opsgenieDescriptor } from './opsgenie/descriptor.ts';
import { pagerdutyDescriptor } from './pagerduty/descriptor.ts';
import { pushoverDescriptor } from './pushover/descriptor.ts';
import { rocketchatDescriptor } from './rocketchat/descriptor.ts';
import { slackDescriptor } from './slack/descriptor.ts';
import { telegramDescriptor } from './telegram/descriptor.ts';
import { twilioDescriptor } from './twilio/descriptor.ts';
import { webhookDescriptor } from './webhook/descriptor.ts';

/** In the order the add-channel form lists them (and the API's kind enum). */
export const CHANNEL_DESCRIPTORS = [
  emailDescriptor,
  membersDescriptor,
  slackDescriptor,
  discordDescriptor,
  msteamsDescriptor,
  googlechatDescriptor,
  mattermostDescriptor,
  rocketchatDescriptor,
  ntfyDescriptor,
  gotifyDescriptor,
  telegramDescriptor,
  pagerdutyDescriptor,
  opsgenieDescriptor,
  matrixDescriptor,
  pushoverDescriptor,
  twilioDescriptor,
  webhookDescriptor,
] as const satisfies readonly ChannelDescriptor[];

export type ChannelDescriptors = typeof CHANNEL_DESCRIPTORS;
export type AnyChannelDescriptor = ChannelDescriptors[number];
export type ChannelKind = AnyChannelDescriptor['kind'];
export type ChannelDescriptorOf<K extends ChannelKind> = Extract<AnyChannelDescriptor, { kind: K }>;
/** Each kind's config, as its schema parses it. */
export type ChannelConfigs = { [K in ChannelKind]: z.infer<ChannelDescriptorOf<K>['configSchema']> };
type HostedDescriptor = Extract<AnyChannelDescriptor, { hostedUrl: HostedUrl }>;
/** Kinds that send to a hosted provider's API, whose base the operator may move. */
export type HostedChannelKind = HostedDescriptor['kind'];
/** The environment variables those bases are read from (TELEGRAM_API_URL…). */
export type HostedUrlEnv = HostedDescriptor['hostedUrl']['env'];

type KindsOf<T extends readonly AnyChannelDescriptor[]> = { readonly [I in keyof T]: T[I]['kind'] };

export const CHANNEL_KINDS = CHANNEL_DESCRIPTORS.map((descriptor) => descriptor.kind) as unknown as KindsOf<
  typeof CHANNEL_DESCRIPTORS
>;

/** The descriptors, widened to what every one of them has. */
export const CHANNELS_DESCRIBED: readonly ChannelDescriptor[] = CHANNEL_DESCRIPTORS;

function byKind<V>(pick: (descriptor: AnyChannelDescriptor) => V): Record<ChannelKind, V> {
  return Object.fromEntries(
    CHANNEL_DESCRIPTORS.map((descriptor) => [descriptor.kind, pick(descriptor)]),
  ) as Record<ChannelKind, V>;
}

export const CHANNEL_LABELS: Record<ChannelKind, string> = byKind((descriptor) => descriptor.label);

/** See ChannelDescriptor.secretFields. */
export const CHANNEL_SECRET_FIELDS = byKind((descriptor) => descriptor.secretFields) as {
  [K in ChannelKind]: ChannelDescriptorOf<K>['secretFields'];
};

export const CHANNEL_CONFIG_SCHEMAS = byKind((descriptor) => descriptor.configSchema) as {
  [K in ChannelKind]: ChannelDescriptorOf<K>['configSchema'];
};

/** The hosted providers' API settings, by kind. */
export const HOSTED_URLS = Object.fromEntries(
  CHANNEL_DESCRIPTORS.flatMap((descriptor) =>
    'hostedUrl' in descriptor ? [[descriptor.kind, descriptor.hostedUrl]] : [],
  ),
) as { [K in HostedChannelKind]: Extract<HostedDescriptor, { kind: K }>['hostedUrl'] };
