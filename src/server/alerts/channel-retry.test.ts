// A provider answering 500 is a failed send the delivery job retries (30 s, 2 min, 10 min and
// 30 min later, delivery-job.test.ts): every channel that sends over HTTP reports it as such,
// not as a success and not as a permanent failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from './channel.ts';
import { discordChannel } from './channels/discord.ts';
import { googlechatChannel } from './channels/googlechat.ts';
import { gotifyChannel } from './channels/gotify.ts';
import { matrixChannel } from './channels/matrix.ts';
import { mattermostChannel } from './channels/mattermost.ts';
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
import { ALERT_EVENTS } from './test/alert-events.ts';
import { CONTEXT, startChannelHarness } from './test/channel-harness.ts';

let h: Awaited<ReturnType<typeof startChannelHarness>>;
beforeAll(async () => {
  h = await startChannelHarness(() => 500);
});
afterAll(async () => {
  await h.close();
});

interface AnyChannel {
  kind: string;
  render(event: (typeof ALERT_EVENTS)['monitor.down'], context: typeof CONTEXT): unknown;
  send(rendered: never, config: never, deps: typeof h.deps): Promise<void>;
}

function channels(url: string): [AnyChannel, unknown][] {
  return [
    [slackChannel, { url: `${url}/slack` }],
    [discordChannel, { url: `${url}/discord` }],
    [msteamsChannel, { url: `${url}/teams` }],
    [googlechatChannel, { url: `${url}/chat` }],
    [mattermostChannel, { url: `${url}/mattermost` }],
    [rocketchatChannel, { url: `${url}/rocket` }],
    [ntfyChannel, { url, topic: 'ops', priority: 4 }],
    [gotifyChannel, { url: `${url}/gotify/`, token: 'AppToken.1' }],
    [telegramChannel, { botToken: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11', chatId: '-100123' }],
    [pagerdutyChannel, { routingKey: 'R'.repeat(32) }],
    [opsgenieChannel, { apiKey: 'og-key-1234' }],
    [matrixChannel, { url: `${url}/`, roomId: '!ops:matrix.example.org', accessToken: 'syt_bot_token' }],
    [pushoverChannel, { userKey: 'u'.repeat(30), appToken: 'a'.repeat(30), priority: 0 }],
    [
      twilioChannel,
      {
        accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
        authToken: 'x'.repeat(32),
        from: '+14155550100',
        to: '+4915112345678',
        mode: 'sms',
      },
    ],
    [webhookChannel, { url: `${url}/hook`, secret: 'my-signing-secret-123' }],
  ];
}

describe('a provider answering 500', () => {
  it('is a retryable failure for every channel that sends over HTTP', async () => {
    const outcomes: string[] = [];
    for (const [channel, config] of channels(h.receiver.url)) {
      const before = h.receiver.requests.length;
      const rendered = channel.render(ALERT_EVENTS['monitor.down'], CONTEXT);
      const error = await channel.send(rendered as never, config as never, h.deps).then(
        () => null,
        (err: unknown) => err,
      );
      expect(h.receiver.requests.length, channel.kind).toBe(before + 1);
      outcomes.push(
        `${channel.kind}: ${error instanceof DeliveryError ? (error.permanent ? 'permanent' : 'retry') : 'sent'}`,
      );
    }
    expect(outcomes).toEqual(channels(h.receiver.url).map(([channel]) => `${channel.kind}: retry`));
  });
});
