// A provider answering 500 is a failed send the delivery job retries (30 s, 2 min, 10 min and
// 30 min later, delivery-job.test.ts): every channel that sends over HTTP reports it as such,
// not as a success and not as a permanent failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_KINDS } from '../../core/api/alerts.ts';
import type { ChannelKind } from '../../core/channels/registry.ts';
import { DeliveryError, type StoredConfigs } from './channel.ts';
import { channelOf } from './registry.ts';
import { sendRendered } from './send.ts';
import { ALERT_EVENTS } from './test/alert-events.ts';
import { CONTEXT, startChannelHarness } from './test/channel-harness.ts';

let h: Awaited<ReturnType<typeof startChannelHarness>>;
beforeAll(async () => {
  h = await startChannelHarness(() => 500);
});
afterAll(async () => {
  await h.close();
});

/** The channels that mail (they go through the mailer, mail-delivery.test.ts) are the others. */
type HttpKind = Exclude<ChannelKind, 'email' | 'members'>;

/** A config of every channel that sends over HTTP, pointed at the stand-in: the compiler asks for each new one. */
function configs(url: string): { [K in HttpKind]: StoredConfigs[K] } {
  return {
    slack: { url: `${url}/slack` },
    discord: { url: `${url}/discord` },
    msteams: { url: `${url}/teams` },
    googlechat: { url: `${url}/chat` },
    mattermost: { url: `${url}/mattermost` },
    rocketchat: { url: `${url}/rocket` },
    ntfy: { url, topic: 'ops', priority: 4 },
    gotify: { url: `${url}/gotify/`, token: 'AppToken.1' },
    telegram: { botToken: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11', chatId: '-100123' },
    pagerduty: { routingKey: 'R'.repeat(32) },
    opsgenie: { apiKey: 'og-key-1234' },
    matrix: { url: `${url}/`, roomId: '!ops:matrix.example.org', accessToken: 'syt_bot_token' },
    pushover: { userKey: 'u'.repeat(30), appToken: 'a'.repeat(30), priority: 0 },
    twilio: {
      accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
      authToken: 'x'.repeat(32),
      from: '+14155550100',
      to: '+4915112345678',
      mode: 'sms',
    },
    webhook: { url: `${url}/hook`, secret: 'my-signing-secret-123' },
  };
}

describe('a provider answering 500', () => {
  it('is a retryable failure for every channel that sends over HTTP', async () => {
    const outcomes: string[] = [];
    const all = Object.entries(configs(h.receiver.url)) as [HttpKind, unknown][];
    for (const [kind, config] of all) {
      const channel = channelOf(kind);
      const before = h.receiver.requests.length;
      const rendered = channel.render(ALERT_EVENTS['monitor.down'], CONTEXT);
      const error = await sendRendered(channel, rendered, config as never, h.deps).then(
        () => null,
        (err: unknown) => err,
      );
      expect(h.receiver.requests.length, kind).toBe(before + 1);
      outcomes.push(
        `${kind}: ${error instanceof DeliveryError ? (error.permanent ? 'permanent' : 'retry') : 'sent'}`,
      );
    }
    expect(all.map(([kind]) => kind).sort()).toEqual(
      CHANNEL_KINDS.filter((kind) => kind !== 'email' && kind !== 'members').sort(),
    );
    expect(outcomes).toEqual(all.map(([kind]) => `${kind}: retry`));
  });
});
