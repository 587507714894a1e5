import { BellRing, Mail, MessageSquare, Phone, Send, Siren, Users, Webhook } from 'lucide-react';
import type { ChannelKind } from '../../../../core/api/alerts';
import type { ChannelIconName } from '../../../../core/channels/descriptor';
import { CHANNEL_DESCRIPTORS } from '../../../../core/channels/registry';

/** The picture behind each icon name a channel's descriptor gives. */
const ICONS: Record<ChannelIconName, typeof Mail> = {
  mail: Mail,
  users: Users,
  'message-square': MessageSquare,
  'bell-ring': BellRing,
  send: Send,
  siren: Siren,
  phone: Phone,
  webhook: Webhook,
};

/** One icon per channel kind, in the channel list and the add-channel form. */
export const CHANNEL_ICONS = Object.fromEntries(
  CHANNEL_DESCRIPTORS.map((descriptor) => [descriptor.kind, ICONS[descriptor.icon]]),
) as Record<ChannelKind, typeof Mail>;
