import { afterEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { TEST_SECRET } from '../test/test-app.ts';
import { enqueueAlert } from './enqueue.ts';
import { deriveSealKey, unseal } from './sealed-config.ts';
import { type AlertApp, createAlertApp, START } from './test/alert-app.ts';
import { startReceiver } from './test/receiver.ts';

let t: AlertApp;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0)) await step();
  await t?.close();
});

async function receiver(status = 200) {
  const r = await startReceiver(() => status);
  cleanups.push(r.close);
  return r;
}

async function createChannel(user: TestUser, input: Record<string, unknown>, expected = 201) {
  const response = await t.send(user, 'POST', '/alert-channels', input);
  expect(response.status, await response.clone().text()).toBe(expected);
  return response.json();
}

async function createMonitor(user: TestUser) {
  const response = await t.send(user, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

describe('alert channels', () => {
  it('adds, lists, renames and deletes channels, showing targets without secrets', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const slack = await createChannel(user, {
      kind: 'slack',
      name: '#ops',
      config: { url: 'https://hooks.example.com/services/T000/B000/XXXXSECRET' },
    });
    expect(slack).toMatchObject({
      kind: 'slack',
      name: '#ops',
      target: 'hooks.example.com',
      createdAt: START,
    });
    expect(JSON.stringify(slack)).not.toContain('XXXXSECRET');
    const mail = await createChannel(user, {
      kind: 'email',
      name: 'On call',
      config: { address: 'oncall@example.com' },
    });
    expect(mail.target).toBe('oncall@example.com');

    const renamed = await t.send(user, 'PATCH', `/alert-channels/${slack.id}`, { name: '#alerts' });
    expect(await renamed.json()).toMatchObject({ name: '#alerts', target: 'hooks.example.com' });

    const list = await (await t.send(user, 'GET', '/alert-channels')).json();
    expect(list.accountEmail).toBe(user.email);
    expect(list.channels.map((c: { name: string }) => c.name)).toEqual(['#alerts', 'On call']);

    expect((await t.send(user, 'DELETE', `/alert-channels/${slack.id}`)).status).toBe(204);
    const after = await (await t.send(user, 'GET', '/alert-channels')).json();
    expect(after.channels).toHaveLength(1);
  });

  it('stores URLs and secrets sealed, bound to the channel', async () => {
    t = await createAlertApp();
    const user = await t.user('pro');
    const hook = await createChannel(user, {
      kind: 'webhook',
      name: 'Pager',
      config: { url: 'https://hooks.example.com/in/very-secret-path', secret: 'my-signing-secret-123' },
    });
    expect(hook.secret).toBe('my-signing-secret-123');
    const row = await t.db
      .selectFrom('alert_channels')
      .selectAll()
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row.config).not.toContain('very-secret-path');
    expect(row.config).not.toContain('my-signing-secret-123');
    expect(row.config).not.toContain('hooks.example.com');
    expect(JSON.parse(unseal(deriveSealKey(TEST_SECRET), row.config, hook.id))).toEqual({
      url: 'https://hooks.example.com/in/very-secret-path',
      secret: 'my-signing-secret-123',
    });
    expect(() => unseal(deriveSealKey(TEST_SECRET), row.config, 'another-id')).toThrow();
    expect(() => unseal(deriveSealKey(`${TEST_SECRET}x`), row.config, hook.id)).toThrow();
  });

  it('generates a webhook signing secret when none is given, shown only in the create answer', async () => {
    t = await createAlertApp();
    const user = await t.user('pro');
    const hook = await createChannel(user, {
      kind: 'webhook',
      name: 'Pager',
      config: { url: 'https://hooks.example.com/x' },
    });
    expect(hook.secret).toMatch(/^whsec_[\w-]{32}$/);
    const list = await (await t.send(user, 'GET', '/alert-channels')).json();
    expect(JSON.stringify(list)).not.toContain(hook.secret);
  });

  it('refuses a webhook channel without the webhooks feature, with a human message', async () => {
    t = await createAlertApp();
    const user = await t.user('starter');
    const response = await t.send(user, 'POST', '/alert-channels', {
      kind: 'webhook',
      name: 'Pager',
      config: { url: 'https://hooks.example.com/x' },
    });
    expect(response.status).toBe(403);
    const { error } = await response.json();
    expect(error.code).toBe('feature_not_in_plan');
    expect(error.message).toContain('Pro plan');
    expect(await t.db.selectFrom('alert_channels').selectAll().execute()).toHaveLength(0);
  });

  it.each([
    [{ kind: 'pager', name: 'X', config: {} }, 'kind'],
    [
      { kind: 'slack', name: 'X', config: { url: 'not a url' } },
      'config.url: Enter a full http:// or https:// URL.',
    ],
    [{ kind: 'discord', name: 'X', config: { url: 'ftp://files.example.com' } }, 'config.url:'],
    [{ kind: 'email', name: 'X', config: { address: 'nobody' } }, 'config.address: Enter an email address.'],
    [{ kind: 'email', name: '', config: { address: 'a@example.com' } }, 'name: Give the channel a name.'],
  ])('refuses %j with a 422 naming the field', async (input, message) => {
    t = await createAlertApp();
    const user = await t.user('pro');
    const response = await t.send(user, 'POST', '/alert-channels', input);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain(message);
  });

  it('refuses webhook URLs at private addresses with 422 private_target when private targets are off', async () => {
    t = await createAlertApp({ allowPrivateTargets: false });
    const user = await t.user('pro');
    for (const url of [
      'http://127.0.0.1:9/hook',
      'https://hooks.internal.test/x',
      'http://169.254.169.254/',
    ]) {
      for (const kind of ['webhook', 'slack', 'discord']) {
        const response = await t.send(user, 'POST', '/alert-channels', { kind, name: 'X', config: { url } });
        expect(response.status, `${kind} ${url}`).toBe(422);
        expect((await response.json()).error.code).toBe('private_target');
      }
    }
    const slack = await createChannel(user, {
      kind: 'slack',
      name: 'ok',
      config: { url: 'https://hooks.example.com/a' },
    });
    const moved = await t.send(user, 'PATCH', `/alert-channels/${slack.id}`, {
      config: { url: 'http://10.0.0.5/' },
    });
    expect(moved.status).toBe(422);
    expect(t.openSocket.attempts).toEqual([]);
  });
});

describe('send test alert', () => {
  it('posts a signed test payload to a webhook receiver and answers ok', async () => {
    t = await createAlertApp();
    const user = await t.user('pro');
    const r = await receiver();
    const hook = await createChannel(user, {
      kind: 'webhook',
      name: 'Local',
      config: { url: `${r.url}/hook` },
    });
    const response = await t.send(user, 'POST', `/alert-channels/${hook.id}/test`);
    expect(await response.json()).toEqual({ ok: true, error: null });
    expect(r.requests).toHaveLength(1);
    expect(JSON.parse(r.requests[0]?.body ?? '')).toMatchObject({ type: 'monitor.down', test: true });
  });

  it('answers with the receiver error when the channel refuses', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const r = await receiver(500);
    const slack = await createChannel(user, {
      kind: 'slack',
      name: 'Broken',
      config: { url: `${r.url}/slack` },
    });
    const result = await (await t.send(user, 'POST', `/alert-channels/${slack.id}/test`)).json();
    expect(result).toEqual({ ok: false, error: 'The receiver answered HTTP 500: receiver is broken' });
  });

  it('sends the account email test to the outbox when no SMTP server is configured', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const result = await (await t.send(user, 'POST', '/alert-channels/account-email/test')).json();
    expect(result.ok).toBe(true);
    const { mails } = await (await t.send(user, 'GET', '/outbox')).json();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: user.email,
      subject: '[Test: Down] Example monitor — 503 Service Unavailable',
    });
    expect(mails[0].html).toContain('This is a test alert');
  });
});

describe('per-monitor channels', () => {
  it('defaults to the account email, and sends only to the chosen channels once chosen', async () => {
    t = await createAlertApp();
    const user = await t.user();
    const monitor = await createMonitor(user);
    expect(await (await t.send(user, 'GET', `/monitors/${monitor.id}/alert-channels`)).json()).toEqual({
      channelIds: [],
      usesAccountEmail: true,
    });
    const a = await createChannel(user, { kind: 'email', name: 'A', config: { address: 'a@example.com' } });
    const b = await createChannel(user, {
      kind: 'slack',
      name: 'B',
      config: { url: 'https://hooks.example.com/b' },
    });
    const put = await t.send(user, 'PUT', `/monitors/${monitor.id}/alert-channels`, {
      channelIds: [b.id, a.id, a.id],
    });
    expect(await put.json()).toEqual({ channelIds: [a.id, b.id], usesAccountEmail: false });

    const event = {
      kind: 'monitor.down' as const,
      at: START,
      monitor: { id: monitor.id, name: 'Shop', url: 'https://shop.example.com' },
      incident: null,
      failure: { statusCode: 503, code: null, message: null },
      downtimeMs: null,
    };
    await t.db
      .transaction()
      .execute((tx) => enqueueAlert(tx, { workspaceId: user.id, incidentId: null, event, now: START }));
    const channels = await t.db.selectFrom('alert_deliveries').select('channel_id').execute();
    expect(channels.map((row) => row.channel_id).sort()).toEqual([a.id, b.id].sort());

    await t.send(user, 'DELETE', `/alert-channels/${a.id}`);
    await t.send(user, 'DELETE', `/alert-channels/${b.id}`);
    expect(await (await t.send(user, 'GET', `/monitors/${monitor.id}/alert-channels`)).json()).toMatchObject({
      usesAccountEmail: true,
    });
  });
});

describe('alert deliveries', () => {
  it('lists a certificate expiry alert (ssl.expiring) beside a down alert, each with its kind', async () => {
    t = await createAlertApp();
    const owner = await t.user('pro');
    const monitor = await createMonitor(owner);
    const target = { id: monitor.id, name: 'Shop', url: 'https://shop.example.com' };
    await t.db.transaction().execute(async (tx) => {
      await enqueueAlert(tx, {
        workspaceId: owner.id,
        incidentId: null,
        now: START,
        event: {
          kind: 'monitor.down',
          at: START,
          monitor: target,
          incident: null,
          failure: null,
          downtimeMs: null,
        },
      });
      await enqueueAlert(tx, {
        workspaceId: owner.id,
        incidentId: null,
        now: START + 1000,
        event: {
          kind: 'ssl.expiring',
          at: START + 1000,
          monitor: target,
          incident: null,
          failure: null,
          downtimeMs: null,
          certificate: {
            subjectCn: 'shop.example.com',
            issuer: 'Example CA',
            fingerprintSha256: 'AB:CD',
            validTo: START + 14 * 86_400_000,
            daysRemaining: 14,
            thresholdDays: 14,
            problems: [],
            clearedProblems: [],
          },
        },
      });
    });

    const response = await t.send(owner, 'GET', '/alert-deliveries');
    expect(response.status).toBe(200);
    const { deliveries } = (await response.json()) as {
      deliveries: { kind: string; monitor: { id: string } | null; channel: { name: string } | null }[];
    };
    expect(deliveries.map((delivery) => delivery.kind)).toEqual(['ssl.expiring', 'monitor.down']);
    expect(deliveries[0]).toMatchObject({ monitor: { id: monitor.id }, channel: { name: 'Account email' } });
  });
});

describe('tenant isolation', () => {
  it("gives another user's channels and monitors 404 on every route and changes nothing", async () => {
    t = await createAlertApp();
    const owner = await t.user('pro');
    const other = await t.user('pro');
    const channel = await createChannel(owner, {
      kind: 'email',
      name: 'Mine',
      config: { address: 'me@example.com' },
    });
    const monitor = await createMonitor(owner);
    const otherMonitor = await createMonitor(other);
    await t.db.transaction().execute((tx) =>
      enqueueAlert(tx, {
        workspaceId: owner.id,
        incidentId: null,
        now: START,
        event: {
          kind: 'monitor.down',
          at: START,
          monitor: { id: monitor.id, name: 'Shop', url: 'https://shop.example.com' },
          incident: null,
          failure: null,
          downtimeMs: null,
        },
      }),
    );
    await t.send(owner, 'POST', '/alert-channels/account-email/test');

    const attempts: [string, string, unknown?][] = [
      ['PATCH', `/alert-channels/${channel.id}`, { name: 'Stolen' }],
      ['DELETE', `/alert-channels/${channel.id}`],
      ['POST', `/alert-channels/${channel.id}/test`],
      ['GET', `/monitors/${monitor.id}/alert-channels`],
      ['PUT', `/monitors/${monitor.id}/alert-channels`, { channelIds: [] }],
      ['PUT', `/monitors/${otherMonitor.id}/alert-channels`, { channelIds: [channel.id] }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.send(other, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await (await t.send(other, 'GET', '/alert-channels')).json()).channels).toEqual([]);
    expect((await (await t.send(other, 'GET', '/alert-deliveries')).json()).deliveries).toEqual([]);
    expect((await (await t.send(other, 'GET', '/outbox')).json()).mails).toEqual([]);
    expect((await (await t.send(owner, 'GET', '/alert-deliveries')).json()).deliveries).toHaveLength(1);
    expect((await (await t.send(owner, 'GET', '/outbox')).json()).mails).toHaveLength(1);
    expect((await (await t.send(owner, 'GET', '/alert-channels')).json()).channels[0].name).toBe('Mine');
  });

  it('needs a session on every route', async () => {
    t = await createAlertApp();
    const anonymous = { id: '', name: '', email: '', cookie: '' };
    for (const [method, path] of [
      ['GET', '/alert-channels'],
      ['POST', '/alert-channels'],
      ['GET', '/alert-deliveries'],
      ['GET', '/outbox'],
    ] as const) {
      const response = await t.send(
        anonymous,
        method,
        path,
        method === 'POST' ? { kind: 'email', name: 'x', config: { address: 'a@example.com' } } : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
