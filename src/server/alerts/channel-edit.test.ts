// Editing a channel through PATCH /alert-channels/{id}: a secret left blank keeps its stored
// value, a new one replaces it, and what the list shows to prefill a form is never a secret.
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_SECRET_FIELDS, type ChannelKind } from '../../core/api/alerts.ts';
import type { TestUser } from '../test/factories.ts';
import { type AlertApp, createAlertApp } from './test/alert-app.ts';
import { startReceiver } from './test/receiver.ts';

let t: AlertApp;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0)) await step();
  await t?.close();
});

async function receiver() {
  const r = await startReceiver();
  cleanups.push(r.close);
  return r;
}

async function createChannel(user: TestUser, input: Record<string, unknown>) {
  const response = await t.send(user, 'POST', '/alert-channels', input);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

async function patch(user: TestUser, id: string, body: unknown) {
  const response = await t.send(user, 'PATCH', `/alert-channels/${id}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function sendTest(user: TestUser, id: string) {
  return (await t.send(user, 'POST', `/alert-channels/${id}/test`)).json();
}

/** One channel of every kind with a secret, each secret a marker found nowhere else. */
const SECRET_CHANNELS: { kind: ChannelKind; config: Record<string, unknown>; markers: string[] }[] = [
  ...(['slack', 'discord', 'msteams', 'googlechat', 'mattermost', 'rocketchat'] as const).map((kind) => ({
    kind,
    config: { url: `https://hooks.example.com/in/${kind}-MARKERurl` },
    markers: [`${kind}-MARKERurl`],
  })),
  {
    kind: 'ntfy',
    config: { url: 'https://ntfy.example.com', topic: 'ops', token: 'tk_ntfyMARKERtoken' },
    markers: ['ntfyMARKERtoken'],
  },
  {
    kind: 'gotify',
    config: { url: 'https://gotify.example.com', token: 'gotifyMARKERtoken' },
    markers: ['gotifyMARKERtoken'],
  },
  {
    kind: 'telegram',
    config: { botToken: '123456:telegramMARKERbotTokenXYZ', chatId: '-1001234567890' },
    markers: ['telegramMARKERbotTokenXYZ'],
  },
  {
    kind: 'pagerduty',
    config: { routingKey: 'pagerdutyMARKERroutingKey1234567' },
    markers: ['pagerdutyMARKERroutingKey1234567'],
  },
  { kind: 'opsgenie', config: { apiKey: 'opsgenieMARKERapiKey' }, markers: ['opsgenieMARKERapiKey'] },
  {
    kind: 'matrix',
    config: {
      url: 'https://matrix.example.com',
      roomId: '!room:matrix.example.com',
      accessToken: 'syt_matrixMARKERaccessToken',
    },
    markers: ['matrixMARKERaccessToken'],
  },
  {
    kind: 'pushover',
    config: { userKey: 'pushoverMARKERuserKey123456789', appToken: 'pushoverMARKERappToken12345678' },
    markers: ['pushoverMARKERuserKey123456789', 'pushoverMARKERappToken12345678'],
  },
  {
    kind: 'twilio',
    config: {
      accountSid: `AC${'0'.repeat(32)}`,
      authToken: 'feedfacecafebeefdeadbeef8badf00d',
      from: '+14155550100',
      to: '+4915112345678',
    },
    markers: ['feedfacecafebeefdeadbeef8badf00d'],
  },
  {
    kind: 'webhook',
    config: { url: 'https://hooks.example.com/hook', secret: 'webhookMARKERsigningSecret' },
    markers: ['webhookMARKERsigningSecret'],
  },
];

describe('editing an alert channel', () => {
  it('keeps the stored Slack URL when an edit leaves it blank or out, so a test still reaches it', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const r = await receiver();
    const slack = await createChannel(user, {
      kind: 'slack',
      name: '#ops',
      config: { url: `${r.url}/stored-path` },
    });

    expect(await patch(user, slack.id, { name: '#alerts', config: { url: '' } })).toMatchObject({
      name: '#alerts',
      settings: {},
      secretsSet: ['url'],
    });
    await patch(user, slack.id, { config: {} });
    expect(await sendTest(user, slack.id)).toEqual({ ok: true, error: null });
    expect(r.requests.map((request) => request.path)).toEqual(['/stored-path']);
  });

  it('replaces the stored Slack URL when an edit gives a new one', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const before = await receiver();
    const after = await receiver();
    const slack = await createChannel(user, {
      kind: 'slack',
      name: '#ops',
      config: { url: `${before.url}/a` },
    });

    await patch(user, slack.id, { config: { url: `${after.url}/b` } });
    expect(await sendTest(user, slack.id)).toEqual({ ok: true, error: null });
    expect(before.requests).toEqual([]);
    expect(after.requests.map((request) => request.path)).toEqual(['/b']);
  });

  it('changes the settings an edit gives and keeps the secrets it leaves blank', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const matrix = await createChannel(user, {
      kind: 'matrix',
      name: 'Room',
      config: {
        url: 'https://matrix.example.com',
        roomId: '!old:matrix.example.com',
        accessToken: 'syt_12345678',
      },
    });
    const edited = await patch(user, matrix.id, {
      config: { url: 'https://other.example.com', roomId: '!new:other.example.com', accessToken: '  ' },
    });
    expect(edited.settings).toEqual({ url: 'https://other.example.com', roomId: '!new:other.example.com' });
    expect(edited.secretsSet).toEqual(['accessToken']);
    const row = await t.send(user, 'PATCH', `/alert-channels/${matrix.id}`, { config: { roomId: 'nope' } });
    expect(row.status).toBe(422);
    expect((await row.json()).error.message).toContain('config.url');
  });

  it('lists every channel with its settings and which secrets are set, never a secret value', async () => {
    t = await createAlertApp();
    const user = await t.user('pro');
    expect(SECRET_CHANNELS.map((channel) => channel.kind).sort()).toEqual(
      Object.entries(CHANNEL_SECRET_FIELDS)
        .filter(([, fields]) => fields.length > 0)
        .map(([kind]) => kind)
        .sort(),
    );
    for (const { kind, config } of SECRET_CHANNELS) await createChannel(user, { kind, name: kind, config });
    await createChannel(user, { kind: 'email', name: 'email', config: { address: 'oncall@example.com' } });

    const text = await (await t.send(user, 'GET', '/alert-channels')).text();
    for (const marker of SECRET_CHANNELS.flatMap((channel) => channel.markers)) {
      expect(text, marker).not.toContain(marker);
    }
    const { channels } = JSON.parse(text) as {
      channels: { kind: ChannelKind; settings: Record<string, unknown>; secretsSet: string[] }[];
    };
    for (const channel of channels) {
      expect(channel.secretsSet, channel.kind).toEqual(CHANNEL_SECRET_FIELDS[channel.kind]);
    }
    const byKind = new Map(channels.map((channel) => [channel.kind, channel.settings]));
    expect(byKind.get('email')).toEqual({ address: 'oncall@example.com' });
    expect(byKind.get('ntfy')).toEqual({ url: 'https://ntfy.example.com', topic: 'ops', priority: 4 });
    expect(byKind.get('matrix')).toEqual({
      url: 'https://matrix.example.com',
      roomId: '!room:matrix.example.com',
    });
    expect(byKind.get('slack')).toEqual({});
  });

  it("answers 404 to an edit of another workspace's channel and leaves it as it was", async () => {
    t = await createAlertApp();
    const owner = await t.user();
    const other = await t.user();
    const r = await receiver();
    const slack = await createChannel(owner, {
      kind: 'slack',
      name: '#ops',
      config: { url: `${r.url}/mine` },
    });

    const response = await t.send(other, 'PATCH', `/alert-channels/${slack.id}`, {
      name: 'Stolen',
      config: { url: `${r.url}/theirs` },
    });
    expect(response.status).toBe(404);
    const { channels } = await (await t.send(owner, 'GET', '/alert-channels')).json();
    expect(channels[0].name).toBe('#ops');
    await sendTest(owner, slack.id);
    expect(r.requests.map((request) => request.path)).toEqual(['/mine']);
  });
});
