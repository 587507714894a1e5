// Every alert channel's delivery, loaded once from its descriptor (core/channels/registry.ts):
// a new channel is its folder there and one line in that list, and is sent from here with no
// line of its own.
import type { ChannelKind } from '../../core/api/alerts.ts';
import type { ChannelDelivery, StoredConfigs } from '../../core/channels/delivery.ts';
import { CHANNEL_DESCRIPTORS } from '../../core/channels/registry.ts';

// Loaded when this module is, so rendering stays a plain call wherever alerts are sent.
const DELIVERIES = Object.fromEntries(
  await Promise.all(
    CHANNEL_DESCRIPTORS.map(async (descriptor) => [descriptor.kind, (await descriptor.load()).delivery]),
  ),
) as { [K in ChannelKind]: ChannelDelivery<StoredConfigs[K], unknown> };

/** The delivery of a kind, typed loosely enough to render and send whatever kind it is. */
export function channelOf<K extends ChannelKind>(kind: K): ChannelDelivery<StoredConfigs[K], unknown> {
  return DELIVERIES[kind];
}
