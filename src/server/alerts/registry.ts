// Every alert channel's sender, in one place: a new kind is its descriptor in core/api/channels,
// then one file in channels/ and one line here; the compiler refuses a kind without one.
import type { ChannelKind } from '../../core/api/alerts.ts';
import type { AlertChannel } from './channel.ts';
import { discordChannel } from './channels/discord.ts';
import { emailChannel } from './channels/email.ts';
import { googlechatChannel } from './channels/googlechat.ts';
import { gotifyChannel } from './channels/gotify.ts';
import { matrixChannel } from './channels/matrix.ts';
import { mattermostChannel } from './channels/mattermost.ts';
import { membersChannel } from './channels/members.ts';
import { msteamsChannel } from './channels/msteams.ts';
import { ntfyChannel } from './channels/ntfy.ts';
import { opsgenieChannel } from './channels/opsgenie.ts';
import { pagerdutyChannel } from './channels/pagerduty.ts';
import { pushoverChannel } from './channels/pushover.ts';
import { rocketchatChannel } from './channels/rocketchat.ts';
import { slackChannel } from './channels/slack.ts';
import { telegramChannel } from './channels/telegram.ts';
import { twilioChannel } from './channels/twilio.ts';
import { webhookChannel } from './channels/webhook.ts';

export const CHANNELS = {
  email: emailChannel,
  members: membersChannel,
  slack: slackChannel,
  discord: discordChannel,
  msteams: msteamsChannel,
  googlechat: googlechatChannel,
  mattermost: mattermostChannel,
  rocketchat: rocketchatChannel,
  ntfy: ntfyChannel,
  gotify: gotifyChannel,
  telegram: telegramChannel,
  pagerduty: pagerdutyChannel,
  opsgenie: opsgenieChannel,
  matrix: matrixChannel,
  pushover: pushoverChannel,
  twilio: twilioChannel,
  webhook: webhookChannel,
} satisfies { [K in ChannelKind]: AlertChannel<K, unknown> };

/** The channel of a kind, typed loosely enough to render and send whatever kind it is. */
export function channelOf<K extends ChannelKind>(kind: K): AlertChannel<K, unknown> {
  return CHANNELS[kind] as AlertChannel<K, unknown>;
}
