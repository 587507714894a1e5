// Microsoft Teams, Google Chat, Mattermost, Rocket.Chat and ntfy: for every alert kind, the
// request each sends to a local server carries the provider's documented shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delivery as googlechatChannel } from '../../core/channels/googlechat/delivery.ts';
import { delivery as mattermostChannel } from '../../core/channels/mattermost/delivery.ts';
import { delivery as msteamsChannel } from '../../core/channels/msteams/delivery.ts';
import { delivery as ntfyChannel } from '../../core/channels/ntfy/delivery.ts';
import { delivery as rocketchatChannel } from '../../core/channels/rocketchat/delivery.ts';
import { ALERT_EVENTS } from './test/alert-events.ts';
import { CONTEXT, startChannelHarness } from './test/channel-harness.ts';

let h: Awaited<ReturnType<typeof startChannelHarness>>;
let receiver: Awaited<ReturnType<typeof startChannelHarness>>['receiver'];
beforeAll(async () => {
  h = await startChannelHarness();
  receiver = h.receiver;
});
afterAll(async () => {
  await h.close();
});

/** Every kind through the channel; each request's body and its JSON content type checked. */
async function sendEveryKind(channel: Parameters<typeof h.sendEveryKind>[0], config: unknown) {
  const sent = await h.sendEveryKind(channel, config);
  for (const { kind, request } of sent)
    expect(request.headers['content-type'], kind).toBe('application/json');
  return sent.map(({ kind, request, body }) => ({ kind, request, json: body }));
}

describe('chat and push channels', () => {
  it('posts Microsoft Teams an Adaptive Card message for every kind, coloured by the news', async () => {
    const sent = await sendEveryKind(msteamsChannel, {
      url: `${receiver.url}/workflows/abc/triggers/manual/run`,
    });
    for (const { kind, request, json } of sent) {
      expect(request.path, kind).toBe('/workflows/abc/triggers/manual/run');
      expect(json.type, kind).toBe('message');
      const [attachment] = json.attachments as [{ contentType: string; content: Record<string, unknown> }];
      expect(attachment.contentType, kind).toBe('application/vnd.microsoft.card.adaptive');
      expect(attachment.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
      const body = attachment.content.body as { type: string; text?: string; color?: string }[];
      expect(body[0]?.type, kind).toBe('TextBlock');
      expect(
        body.some((block) => block.type === 'FactSet'),
        kind,
      ).toBe(true);
      const actions = attachment.content.actions as { type: string; title: string; url: string }[];
      const action = actions.find((candidate) => candidate.title === 'Open in Upwatch');
      expect(action?.type, kind).toBe('Action.OpenUrl');
      expect(action?.url, kind).toMatch(/^https:\/\/up\.example\.com\/dashboard\//);
    }
    const colour = (kind: string) => {
      const json = sent.find((s) => s.kind === kind)?.json ?? {};
      return (json.attachments as { content: { body: { color: string }[] } }[])[0]?.content.body[0]?.color;
    };
    expect([colour('monitor.down'), colour('monitor.up'), colour('ssl.expiring')]).toEqual([
      'Attention',
      'Good',
      'Warning',
    ]);
    expect(JSON.stringify(sent[0]?.json)).toContain('/dashboard/incidents/i1');
  });

  it('posts Google Chat a text and a cardsV2 card with a button, its markup escaped', async () => {
    const sent = await sendEveryKind(googlechatChannel, {
      url: `${receiver.url}/v1/spaces/AAA/messages?key=k&token=t`,
    });
    for (const { kind, request, json } of sent) {
      expect(request.path, kind).toBe('/v1/spaces/AAA/messages?key=k&token=t');
      expect(typeof json.text, kind).toBe('string');
      const [card] = json.cardsV2 as {
        cardId: string;
        card: { header: { title: string }; sections: unknown[] };
      }[];
      expect(card?.cardId, kind).toMatch(/^upwatch-/);
      expect(card?.card.header.title, kind).toMatch(/^\[/);
      expect(JSON.stringify(card?.card.sections), kind).toContain('openLink');
    }
    const event = {
      ...ALERT_EVENTS['monitor.down'],
      monitor: { id: 'm1', name: '<b>shop</b>', url: 'https://x.example.com/' },
    };
    expect(JSON.stringify(googlechatChannel.render(event, CONTEXT).cardsV2)).toContain(
      '&lt;b&gt;shop&lt;/b&gt;',
    );
  });

  it('posts Mattermost and Rocket.Chat their incoming-webhook messages with a coloured attachment', async () => {
    for (const [channel, path] of [
      [mattermostChannel, '/hooks/xyz'],
      [rocketchatChannel, '/hooks/abc/def'],
    ] as const) {
      const sent = await sendEveryKind(channel, {
        url: `${receiver.url}${path}`,
      });
      for (const { kind, request, json } of sent) {
        expect(request.path, kind).toBe(path);
        expect(json.text, kind).toMatch(/^\[/);
        const [attachment] = json.attachments as { color: string; title_link: string; fields: unknown[] }[];
        expect(attachment?.color, kind).toMatch(/^#[0-9a-f]{6}$/);
        expect(attachment?.title_link, kind).toMatch(/^https:\/\/up\.example\.com\//);
      }
      const down = sent.find((s) => s.kind === 'monitor.down')?.json.attachments as { color: string }[];
      expect(down[0]?.color).toBe('#dc2626');
    }
  });

  it('publishes to ntfy as JSON naming the topic, at the chosen priority for bad news, with the token', async () => {
    const sent = await sendEveryKind(ntfyChannel, {
      url: receiver.url,
      topic: 'ops-alerts',
      priority: 5,
      token: 'tk_secret',
    });
    for (const { kind, request, json } of sent) {
      expect(request.path, kind).toBe('/');
      expect(request.headers.authorization, kind).toBe('Bearer tk_secret');
      expect(json.topic, kind).toBe('ops-alerts');
      expect(json, kind).toMatchObject({ title: expect.stringMatching(/^\[/), message: expect.any(String) });
      expect(json.click, kind).toMatch(/^https:\/\/up\.example\.com\//);
      expect(json).not.toHaveProperty('urgent');
    }
    const priority = (kind: string) => sent.find((s) => s.kind === kind)?.json.priority;
    expect([priority('monitor.down'), priority('monitor.up'), priority('ssl.problem')]).toEqual([5, 3, 5]);
    const open = await sendEveryKind(ntfyChannel, { url: receiver.url, topic: 'public', priority: 4 });
    expect(open[0]?.request.headers.authorization).toBeUndefined();
  });
});
