// Telegram, PagerDuty, Opsgenie and Gotify against a local server standing in for each
// provider's API: the documented path, auth and fields for every alert kind, and the event that
// ends a problem closing the alert the one that opened it created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delivery as gotifyChannel } from '../../core/channels/gotify/delivery.ts';
import { delivery as opsgenieChannel } from '../../core/channels/opsgenie/delivery.ts';
import { delivery as pagerdutyChannel } from '../../core/channels/pagerduty/delivery.ts';
import { escapeMarkdownV2, delivery as telegramChannel } from '../../core/channels/telegram/delivery.ts';
import { startChannelHarness } from './test/channel-harness.ts';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const ROUTING_KEY = 'R0UT1NGKEY0123456789abcdefABCDEF';
let h: Awaited<ReturnType<typeof startChannelHarness>>;
beforeAll(async () => {
  h = await startChannelHarness();
});
afterAll(async () => {
  await h.close();
});

/** Every kind through the channel, by kind; each request's JSON content type checked. */
async function sendEveryKind(channel: Parameters<typeof h.sendEveryKind>[0], config: unknown) {
  const sent = await h.sendEveryKind(channel, config);
  for (const { kind, request } of sent)
    expect(request.headers['content-type'], kind).toBe('application/json');
  return new Map(sent.map(({ kind, request, body }) => [kind as string, { request, json: body }]));
}

describe('on-call and push channels', () => {
  it("sends Telegram's sendMessage to the chat in MarkdownV2, every reserved character escaped", async () => {
    const sent = await sendEveryKind(telegramChannel, { botToken: BOT_TOKEN, chatId: '-1001234567890' });
    for (const [kind, { request, json }] of sent) {
      expect(request.path, kind).toBe(`/bot${BOT_TOKEN}/sendMessage`);
      expect(json, kind).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'MarkdownV2' });
      // Outside the bold and link markup, no reserved character stands unescaped.
      const text = (json.text as string).replace(/(\n\[(Open in Upwatch|Acknowledge)\]\([^)]*\))+$/, '');
      expect(text.replace(/\\[_*[\]()~`>#+\-=|{}.!\\]/g, '').replace(/^\S+ \*|\*\n/g, ''), kind).not.toMatch(
        /[_*[\]()~`>#+\-=|{}.!]/,
      );
    }
    expect(escapeMarkdownV2('a_b*c.d!')).toBe('a\\_b\\*c\\.d\\!');
    expect(sent.get('monitor.down')?.json.text).toContain('(https://up.example.com/dashboard/incidents/i1)');
  });

  it('triggers PagerDuty per problem and resolves it with the same dedup key', async () => {
    const sent = await sendEveryKind(pagerdutyChannel, { routingKey: ROUTING_KEY });
    for (const [kind, { request, json }] of sent) {
      expect(request.path, kind).toBe('/pd/v2/enqueue');
      expect(json.routing_key, kind).toBe(ROUTING_KEY);
      expect(json.dedup_key, kind).toMatch(/^upwatch-/);
    }
    const action = (kind: string) => [sent.get(kind)?.json.event_action, sent.get(kind)?.json.dedup_key];
    expect(action('monitor.down')).toEqual(['trigger', 'upwatch-incident-i1']);
    expect(action('monitor.up')).toEqual(['resolve', 'upwatch-incident-i1']);
    expect(action('ssl.renewed')).toEqual(['resolve', action('ssl.expiring')[1]]);
    expect(action('ssl.problem_cleared')).toEqual(['resolve', action('ssl.problem')[1]]);
    expect(action('performance.budget_recovered')).toEqual([
      'resolve',
      action('performance.budget_exceeded')[1],
    ]);
    expect(sent.get('monitor.down')?.json.payload).toMatchObject({
      severity: 'critical',
      source: 'https://shop.example.com/',
      summary: expect.stringMatching(/^\[Down\]/),
    });
    expect(sent.get('ssl.expiring')?.json.payload).toMatchObject({ severity: 'warning' });
  });

  it('creates Opsgenie alerts under an alias and closes them by that alias', async () => {
    const sent = await sendEveryKind(opsgenieChannel, { apiKey: 'og-key-1234' });
    for (const [kind, { request }] of sent) {
      expect(request.headers.authorization, kind).toBe('GenieKey og-key-1234');
    }
    const down = sent.get('monitor.down');
    expect(down?.request.path).toBe('/og/v2/alerts');
    expect(down?.json).toMatchObject({ alias: 'upwatch-incident-i1', priority: 'P1', source: 'Upwatch' });
    expect(String(down?.json.message).length).toBeLessThanOrEqual(130);
    expect(sent.get('monitor.up')?.request.path).toBe(
      '/og/v2/alerts/upwatch-incident-i1/close?identifierType=alias',
    );
    expect(sent.get('ssl.expiring')?.json).toMatchObject({ priority: 'P3' });
  });

  it("posts Gotify's /message with the application token, loud for outages and quiet for good news", async () => {
    const sent = await sendEveryKind(gotifyChannel, {
      url: `${h.receiver.url}/gotify/`,
      token: 'AppToken.1',
    });
    for (const [kind, { request, json }] of sent) {
      expect(request.path, kind).toBe('/gotify/message');
      expect(request.headers['x-gotify-key'], kind).toBe('AppToken.1');
      expect(json, kind).toMatchObject({ title: expect.any(String), message: expect.any(String) });
    }
    expect(
      ['monitor.down', 'ssl.expiring', 'monitor.up'].map((kind) => sent.get(kind)?.json.priority),
    ).toEqual([8, 5, 2]);
  });
});
