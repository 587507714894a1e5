// One contract for every registered channel: its example config passes its descriptor's schema,
// and no rendered alert nor the shown target carries a secret field's value.
import { describe, expect, it } from 'vitest';
import {
  ALERT_KINDS,
  CHANNEL_CONFIG_SCHEMAS,
  CHANNEL_KINDS,
  CHANNEL_SECRET_FIELDS,
} from '../../core/api/alerts.ts';
import type { ChannelKind } from '../../core/channels/registry.ts';
import type { StoredConfigs } from './channel.ts';
import { channelOf } from './registry.ts';
import { ALERT_EVENTS } from './test/alert-events.ts';
import { CONTEXT } from './test/channel-harness.ts';

const hex32 = '0123456789abcdef0123456789abcdef';

/** A valid config of every kind, each secret a value no render should repeat. */
const EXAMPLES = {
  email: { address: 'oncall@example.com' },
  members: {},
  slack: { url: 'https://hooks.slack.com/services/T0/B0/slack-secret-path' },
  discord: { url: 'https://discord.com/api/webhooks/1/discord-secret-path' },
  msteams: { url: 'https://prod.logic.azure.com/workflows/teams-secret-path' },
  googlechat: { url: 'https://chat.googleapis.com/v1/spaces/S/messages?key=chat-secret-key' },
  mattermost: { url: 'https://mattermost.example.com/hooks/mattermost-secret-path' },
  rocketchat: { url: 'https://chat.example.com/hooks/rocket-secret-path' },
  ntfy: { url: 'https://ntfy.sh', topic: 'upwatch-alerts', priority: 4, token: 'tk_ntfysecrettoken' },
  gotify: { url: 'https://gotify.example.com', token: 'gotify-secret-token' },
  telegram: { botToken: '123456789:AAtelegramSecretToken_012345', chatId: '-1001234567890' },
  pagerduty: { routingKey: 'R0UT1NGKEY0123456789abcdefABCDEF' },
  opsgenie: { apiKey: 'opsgenie-secret-api-key' },
  matrix: { url: 'https://matrix.org', roomId: '!AbCdEf:matrix.org', accessToken: 'syt_matrix_secret_token' },
  pushover: {
    userKey: 'uSERkey0123456789abcdefghijklm',
    appToken: 'aPPtoken0123456789abcdefghijkl',
    priority: 1,
  },
  twilio: {
    accountSid: `AC${hex32}`,
    authToken: 'fedcba9876543210fedcba9876543210',
    from: '+14155550100',
    to: '+4915112345678',
    mode: 'sms',
  },
  webhook: { url: 'https://example.com/upwatch-hook', secret: 'whsec_webhook-signing-secret' },
} satisfies { [K in ChannelKind]: StoredConfigs[K] };

describe.each(CHANNEL_KINDS)('the %s channel', (kind: ChannelKind) => {
  const config = EXAMPLES[kind];
  const secrets = (CHANNEL_SECRET_FIELDS[kind] as readonly string[]).map(
    (field) => (config as Record<string, unknown>)[field],
  );

  it('accepts its example config', () => {
    expect(CHANNEL_CONFIG_SCHEMAS[kind].safeParse(config).success).toBe(true);
  });

  it('renders every alert kind without a secret field’s value, and shows a target without one', () => {
    const channel = channelOf(kind);
    const shown = [
      channel.target(config as never),
      ...ALERT_KINDS.map((alert) => channel.render(ALERT_EVENTS[alert], CONTEXT)),
    ];
    for (const secret of secrets) expect(JSON.stringify(shown)).not.toContain(String(secret));
  });
});
