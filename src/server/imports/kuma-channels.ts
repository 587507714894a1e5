// Uptime Kuma notifications → Upwatch alert channels. A notification's `config` is JSON text with
// a `type` and that provider's fields (Kuma's server/notification-providers/*.js); the same text
// sits in a 1.x backup's notificationList and in a 2.x kuma.db's notification table.
import type { ChannelKind } from '../../core/api/alerts.ts';
import type { ChannelCandidate } from './candidates.ts';

export interface KumaNotification {
  id: string;
  name?: string | null;
  config: string;
}

type Config = Record<string, unknown>;
type Mapped = { kind: ChannelKind; config: Config; notes?: string[] } | string;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Kuma's smtpTo, smtpCC and smtpBCC are comma-separated lists; each address alerts. */
function recipients(c: Config): string[] {
  const all = [c.smtpTo, c.smtpCC, c.smtpBCC]
    .flatMap((field) => (typeof field === 'string' ? field.split(/[,;]/) : []))
    .map((address) => address.trim())
    .filter(Boolean);
  return [...new Set(all)];
}

function ntfy(c: Config): Mapped {
  const method = str(c.ntfyAuthenticationMethod) ?? (str(c.ntfyusername) ? 'usernamePassword' : 'none');
  if (method === 'usernamePassword') {
    return 'It signs in to ntfy with a username and password; Upwatch’s ntfy channel takes an access token. Create a token in ntfy and add the channel by hand.';
  }
  const priority = Number(c.ntfyPriority);
  const token = method === 'accessToken' ? str(c.ntfyaccesstoken) : undefined;
  return {
    kind: 'ntfy',
    config: {
      url: c.ntfyserverurl,
      topic: c.ntfytopic,
      ...(Number.isInteger(priority) && priority >= 1 && priority <= 5 ? { priority } : {}),
      ...(token ? { token } : {}),
    },
  };
}

function pagerduty(c: Config): Mapped {
  const notes: string[] = [];
  const url = str(c.pagerdutyIntegrationUrl);
  if (url && !url.startsWith('https://events.pagerduty.com/'))
    notes.push(`Events go to PagerDuty's own Events API, not ${url}.`);
  if (str(c.pagerdutyPriority))
    notes.push(`Uptime Kuma's "${c.pagerdutyPriority}" severity is not kept: Upwatch sets it per alert.`);
  return { kind: 'pagerduty', config: { routingKey: c.pagerdutyIntegrationKey }, notes };
}

function opsgenie(c: Config): Mapped {
  if (str(c.opsgenieRegion) === 'eu') {
    return 'It is in Opsgenie’s EU region, and Upwatch’s Opsgenie channel sends to the US API (api.opsgenie.com).';
  }
  const notes =
    c.opsgeniePriority != null
      ? [`Uptime Kuma's priority P${c.opsgeniePriority} is not kept: Upwatch sets it per alert.`]
      : [];
  return { kind: 'opsgenie', config: { apiKey: c.opsgenieApiKey }, notes };
}

/** Kuma notification types Upwatch has a channel for, and the channel config their fields make. */
const CHANNELS: Record<string, (c: Config) => Mapped> = {
  telegram: (c) => ({ kind: 'telegram', config: { botToken: c.telegramBotToken, chatId: c.telegramChatID } }),
  slack: (c) => ({ kind: 'slack', config: { url: c.slackwebhookURL } }),
  discord: (c) => ({ kind: 'discord', config: { url: c.discordWebhookUrl } }),
  teams: (c) => ({ kind: 'msteams', config: { url: c.webhookUrl } }),
  GoogleChat: (c) => ({ kind: 'googlechat', config: { url: c.googleChatWebhookURL } }),
  mattermost: (c) => ({ kind: 'mattermost', config: { url: c.mattermostWebhookUrl } }),
  'rocket.chat': (c) => ({ kind: 'rocketchat', config: { url: c.rocketwebhookURL } }),
  gotify: (c) => ({ kind: 'gotify', config: { url: c.gotifyserverurl, token: c.gotifyapplicationToken } }),
  pushover: (c) => ({
    kind: 'pushover',
    config: { userKey: c.pushoveruserkey, appToken: c.pushoverapptoken },
  }),
  webhook: (c) => ({
    kind: 'webhook',
    config: { url: c.webhookURL },
    notes: [
      "Upwatch posts its own signed JSON body; Uptime Kuma's content type and custom body are not kept.",
    ],
  }),
  ntfy,
  matrix: (c) => ({
    kind: 'matrix',
    config: { url: c.homeserverUrl, roomId: c.internalRoomId, accessToken: c.accessToken },
  }),
  PagerDuty: pagerduty,
  Opsgenie: opsgenie,
};

const SMTP_NOTE = "Mail goes out through Upwatch's mail server, not the SMTP server set in Uptime Kuma.";

/** Upwatch's email channel takes one address: a notification to several becomes one channel each. */
function emailCandidates(
  notification: KumaNotification,
  name: string,
  c: Config,
): ChannelCandidate[] | string {
  const addresses = recipients(c);
  if (addresses.length === 0) return 'It has no recipient address.';
  return addresses.map((address) => {
    const own = addresses.length === 1 ? name : `${name} (${address})`;
    const notes =
      addresses.length === 1
        ? [SMTP_NOTE]
        : [SMTP_NOTE, `One of ${addresses.length} recipients of "${name}".`];
    return {
      ref: notification.id,
      name: own,
      input: { kind: 'email', name: own, config: { address } },
      notes,
    };
  });
}

/** The channels one notification becomes (email: one per recipient), or why it has none. */
export function kumaChannelCandidates(notification: KumaNotification): ChannelCandidate[] | string {
  let config: Config;
  try {
    config = JSON.parse(notification.config) as Config;
  } catch {
    return 'Its config is not JSON.';
  }
  const type = String(config.type ?? '');
  const name = notification.name ?? String(config.name ?? `${type} ${notification.id}`);
  if (type === 'smtp') return emailCandidates(notification, name, config);
  const map = CHANNELS[type];
  if (!map) return `Uptime Kuma's "${type}" notifications have no Upwatch channel yet.`;
  const mapped = map(config);
  if (typeof mapped === 'string') return mapped;
  return [
    {
      ref: notification.id,
      name,
      input: { kind: mapped.kind, name, config: mapped.config },
      notes: mapped.notes ?? [],
    },
  ];
}
