import { BellRing, Mail, MessageSquare, Phone, Send, Siren, Users, Webhook } from 'lucide-react';
import type { ChannelKind } from '../../../../core/api/alerts';

/** One icon per channel kind, in the channel list and the add-channel form. */
export const CHANNEL_ICONS: Record<ChannelKind, typeof Mail> = {
  email: Mail,
  members: Users,
  slack: MessageSquare,
  discord: MessageSquare,
  msteams: MessageSquare,
  googlechat: MessageSquare,
  mattermost: MessageSquare,
  rocketchat: MessageSquare,
  ntfy: BellRing,
  gotify: BellRing,
  telegram: Send,
  pagerduty: Siren,
  opsgenie: Siren,
  matrix: MessageSquare,
  pushover: BellRing,
  twilio: Phone,
  webhook: Webhook,
};
