// Imports through the API on a real database: the dry run changes nothing and shows no secrets;
// the import creates the monitors and channels it previewed, with their links, all at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult } from '../../core/api/imports.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 26, 9);
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')) as Record<
    string,
    unknown
  >;
const kuma = fixture('kuma-backup.json');
const robot = fixture('uptimerobot.json');
/** Secrets in the fixtures that no answer may repeat. */
const SECRETS = [
  'AAFakeTokenForUpwatchTestsOnly_x1',
  'FakeSlackPathForTests',
  's3cret-pass',
  'hunter2-robot',
  'FakeRobotSlackPath',
];

let app: Awaited<ReturnType<typeof createUserApp>>;
beforeAll(async () => {
  app = await createUserApp(NOW);
});
afterAll(async () => {
  await app.t.close();
});

async function preview(user: TestUser, source: string, file: unknown) {
  return app.json<ImportPreview>(await app.send(user, 'POST', `/imports/${source}/preview`, { file }), 200);
}

async function contents(user: TestUser) {
  const monitors = await app.json<{ monitors: { id: string; name: string; kind: string }[] }>(
    await app.send(user, 'GET', '/monitors?limit=200'),
    200,
  );
  const channels = await app.json<{ channels: { id: string; name: string; kind: string }[] }>(
    await app.send(user, 'GET', '/alert-channels'),
    200,
  );
  return { monitors: monitors.monitors, channels: channels.channels };
}

function byName<T extends { name: string }>(items: T[], name: string): T {
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`${name} is not among ${items.map((item) => item.name).join(', ')}`);
  return found;
}

describe('importing an Uptime Kuma backup', () => {
  it('previews the right kinds, channels and skips, and writes nothing or any secret', async () => {
    const user = await app.user('pro');
    const answer = await preview(user, 'kuma', JSON.stringify(kuma));
    expect(answer.monitors.map((m) => [m.name, m.kind, m.intervalSeconds])).toEqual([
      ['Shop', 'http', 60],
      ['Shop search', 'http', 300],
      ['Database port', 'tcp', 120],
      ['Gateway', 'ping', 60],
      ['Apex record', 'dns', 600],
      ['Nightly backup', 'heartbeat', 86_400],
    ]);
    expect(answer.channels.map((c) => [c.name, c.kind])).toEqual([
      ['Ops Telegram', 'telegram'],
      ['Team Slack', 'slack'],
      ['Status webhook', 'webhook'],
    ]);
    expect(answer.skipped).toEqual([
      {
        type: 'channel',
        name: 'Phone via Signal',
        reason: 'Uptime Kuma\'s "signal" notifications have no Upwatch channel yet.',
      },
      {
        type: 'monitor',
        name: 'Redis container',
        reason: 'Docker container monitors have no Upwatch kind yet.',
      },
      { type: 'monitor', name: 'Production', reason: 'Groups are not imported; the monitors in them are.' },
    ]);
    const shop = byName(answer.monitors, 'Shop');
    expect(shop.channels).toEqual(['Ops Telegram', 'Team Slack']);
    expect(shop.notes).toContain('Basic authentication as "monitor" sent as an Authorization header.');
    expect(byName(answer.monitors, 'Gateway').notes).toEqual([
      'Paused in Uptime Kuma, so imported paused.',
      'Checked every 30 s; the Pro plan checks at most every 1 min, so every 1 min.',
      'Channel "Phone via Signal" was skipped, so it will not alert there.',
      'No alert channel: alerts go to the account email.',
    ]);
    expect(answer.limits).toEqual([]);
    expect(answer.canImport).toBe(true);
    const text = JSON.stringify(answer);
    for (const secret of SECRETS) expect(text).not.toContain(secret);

    expect(await contents(user)).toEqual({ monitors: [], channels: [] });
  });

  it('creates every monitor and channel with their links, kinds and settings', async () => {
    const user = await app.user('pro');
    const result = await app.json<ImportResult>(
      await app.send(user, 'POST', '/imports/kuma', { file: kuma }),
      201,
    );
    expect(result.monitors).toHaveLength(6);
    expect(result.channels.map((c) => c.kind)).toEqual(['telegram', 'slack', 'webhook']);
    expect(byName(result.channels, 'Status webhook').secret).toMatch(/^whsec_/);

    const { monitors, channels } = await contents(user);
    expect(Object.fromEntries(monitors.map((m) => [m.name, m.kind]))).toEqual({
      Shop: 'http',
      'Shop search': 'http',
      'Database port': 'tcp',
      Gateway: 'ping',
      'Apex record': 'dns',
      'Nightly backup': 'heartbeat',
    });
    expect(channels).toHaveLength(3);
    const get = async (name: string) =>
      app.json<Record<string, unknown>>(
        await app.send(user, 'GET', `/monitors/${byName(monitors, name).id}`),
        200,
      );
    expect(await get('Shop')).toMatchObject({
      url: 'https://shop.example.com/',
      expectedStatus: '200-299,301',
      headers: {
        'X-Env': 'prod',
        Authorization: `Basic ${Buffer.from('monitor:s3cret-pass').toString('base64')}`,
      },
      timeoutSeconds: 48,
    });
    expect(await get('Shop search')).toMatchObject({ keyword: { mode: 'contains', value: 'results' } });
    expect(await get('Database port')).toMatchObject({ host: 'db.example.com', port: 5432 });
    expect(await get('Gateway')).toMatchObject({ host: 'gw.example.com', paused: true });
    expect(await get('Apex record')).toMatchObject({ recordType: 'MX', resolver: '1.1.1.1' });
    expect(await get('Nightly backup')).toMatchObject({ periodSeconds: 86_400 });

    const links = await app.json<{ channelIds: string[] }>(
      await app.send(user, 'GET', `/monitors/${byName(monitors, 'Shop').id}/alert-channels`),
      200,
    );
    expect(links.channelIds.sort()).toEqual(
      [byName(channels, 'Ops Telegram').id, byName(channels, 'Team Slack').id].sort(),
    );
    // Sealed like any channel's config: the bot token is not in the row as text.
    const row = await app.t.database.db
      .selectFrom('alert_channels')
      .select('config')
      .where('id', '=', byName(channels, 'Ops Telegram').id)
      .executeTakeFirstOrThrow();
    expect(row.config).not.toContain('AAFakeTokenForUpwatchTestsOnly_x1');
    const audit = await app.json<{ events: { action: string }[] }>(
      await app.send(user, 'GET', '/audit-events?limit=50'),
      200,
    );
    const actions = audit.events.map((event) => event.action);
    expect(actions.filter((action) => action === 'monitor.create')).toHaveLength(6);
    expect(actions.filter((action) => action === 'channel.create')).toHaveLength(3);

    // Importing the same file again creates nothing twice; a monitor deleted since comes back
    // alerting the channels already here.
    await app.send(user, 'DELETE', `/monitors/${byName(monitors, 'Shop').id}`);
    const again = await preview(user, 'kuma', kuma);
    expect(again.monitors.map((m) => [m.name, m.channels])).toEqual([
      ['Shop', ['Ops Telegram', 'Team Slack']],
    ]);
    expect(again.channels).toEqual([]);
    expect(byName(again.skipped, 'Shop search').reason).toBe('A monitor with this name already exists here.');
    expect(byName(again.skipped, 'Team Slack').reason).toBe(
      'An alert channel with this name is already here; its monitors alert that one.',
    );
    const reimported = await app.json<ImportResult>(
      await app.send(user, 'POST', '/imports/kuma', { file: kuma }),
      201,
    );
    const relinked = await app.json<{ channelIds: string[] }>(
      await app.send(user, 'GET', `/monitors/${reimported.monitors[0]?.id}/alert-channels`),
      200,
    );
    expect(relinked.channelIds.sort()).toEqual(links.channelIds.sort());
  });

  it('on the Free plan clamps intervals, names the limits hit, and refuses the import whole', async () => {
    const user = await app.user('free');
    const answer = await preview(user, 'kuma', kuma);
    expect(byName(answer.monitors, 'Shop').intervalSeconds).toBe(15 * 60);
    expect(byName(answer.monitors, 'Shop').notes).toContain(
      'Checked every 1 min; the Free plan checks at most every 15 min, so every 15 min.',
    );
    expect(byName(answer.monitors, 'Nightly backup').intervalSeconds).toBe(86_400);
    expect(answer.limits.map((limit) => limit.code)).toEqual([
      'feature_not_in_plan',
      'monitor_limit_reached',
    ]);
    expect(byName(answer.skipped, 'Status webhook').reason).toMatch(/^Signed webhooks need the Pro plan/);
    expect(byName(answer.monitors, 'Shop search').notes).toContain(
      'Channel "Status webhook" was skipped, so it will not alert there.',
    );
    expect(answer.canImport).toBe(false);

    const refused = await app.send(user, 'POST', '/imports/kuma', { file: kuma });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'monitor_limit_reached',
      message:
        'This import adds 6 monitors, and the Free plan has room for 5 more (5 in all). Upgrade, or leave some out of the file.',
    });
    expect(await contents(user)).toEqual({ monitors: [], channels: [] });
  });
});

describe('one transaction', () => {
  it('lands one of two imports racing for the last room whole, and nothing of the other', async () => {
    const user = await app.user('free');
    const backup = (tag: string) => ({
      notificationList: [
        {
          id: 1,
          name: `Mail ${tag}`,
          config: JSON.stringify({ type: 'smtp', smtpTo: `${tag}@example.com` }),
        },
      ],
      monitorList: [1, 2, 3].map((n) => ({
        id: n,
        name: `${tag} ${n}`,
        type: 'http',
        url: `https://${tag}.example.com/${n}`,
        interval: 900,
        notificationIDList: { '1': true },
      })),
    });
    // The Free plan has room for 5: whichever import takes it first leaves 2 for the other's 3.
    const answers = await Promise.all(
      ['a', 'b'].map((tag) => app.send(user, 'POST', '/imports/kuma', { file: backup(tag) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    const refused = answers.find((answer) => answer.status === 403) as Response;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('monitor_limit_reached');
    const { monitors, channels } = await contents(user);
    const tags = new Set(monitors.map((monitor) => monitor.name.split(' ')[0]));
    expect(monitors).toHaveLength(3);
    expect(tags.size).toBe(1);
    expect(channels.map((channel) => channel.name)).toEqual([`Mail ${[...tags][0]}`]);
  });
});

describe('importing an UptimeRobot export', () => {
  it('creates its monitors and contacts with the right kinds, and skips what has no equivalent', async () => {
    const user = await app.user('pro');
    const answer = await preview(user, 'uptimerobot', robot);
    expect(answer.skipped.map((s) => [s.type, s.name])).toEqual([
      ['channel', 'Ops Telegram'],
      ['channel', 'Alert contact 1000005'],
      ['monitor', 'Some future kind'],
    ]);
    expect(byName(answer.monitors, 'Custom port').notes).toContain(
      'Channel "Ops Telegram" was skipped, so it will not alert there.',
    );
    expect(JSON.stringify(answer)).not.toMatch(new RegExp(SECRETS.join('|')));
    expect(await contents(user)).toEqual({ monitors: [], channels: [] });

    const result = await app.json<ImportResult>(
      await app.send(user, 'POST', '/imports/uptimerobot', { file: JSON.stringify(robot) }),
      201,
    );
    expect(result.channels.map((c) => [c.name, c.kind])).toEqual([
      ['On-call mail', 'email'],
      ['Ops Slack', 'slack'],
      ['Orders hook', 'webhook'],
    ]);
    const { monitors } = await contents(user);
    const get = async (name: string) =>
      app.json<Record<string, unknown>>(
        await app.send(user, 'GET', `/monitors/${byName(monitors, name).id}`),
        200,
      );
    expect(await get('Marketing site')).toMatchObject({ kind: 'http', method: 'GET', intervalSeconds: 300 });
    expect(await get('Checkout keyword')).toMatchObject({
      kind: 'http',
      method: 'POST',
      body: '{"ping":true}',
      keyword: { mode: 'contains', value: 'Pay now' },
    });
    expect(await get('Mail server')).toMatchObject({
      kind: 'tcp',
      host: 'mail.example.com',
      port: 25,
      paused: true,
    });
    expect(await get('Custom port')).toMatchObject({ kind: 'tcp', port: 8443 });
    expect(await get('Edge ping')).toMatchObject({
      kind: 'ping',
      host: 'edge.example.com',
      intervalSeconds: 900,
    });
    expect(await get('Hourly cron')).toMatchObject({ kind: 'heartbeat', periodSeconds: 3600 });
  });
});

describe('refusals', () => {
  it.each([
    ['not JSON', 'kuma', '{"monitorList": [', /^This is not a Uptime Kuma backup: it is not JSON/],
    ['another format', 'kuma', { monitors: [] }, /^This is not a Uptime Kuma backup: .* at monitorList\.$/],
    [
      'a monitor without a name',
      'uptimerobot',
      { monitors: [{ id: 1, url: 'x' }] },
      /at monitors\.0\.friendly_name\.$/,
    ],
  ])('answers 422 invalid_import_file for %s, naming where', async (_, source, file, message) => {
    const user = await app.user('pro');
    const response = await app.send(user, 'POST', `/imports/${source}/preview`, { file });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid_import_file');
    expect(error.message).toMatch(message);
  });

  it('answers 400 for an unknown source', async () => {
    const user = await app.user('pro');
    const response = await app.send(user, 'POST', '/imports/pingdom/preview', { file: {} });
    expect(response.status).toBe(400);
  });

  it('lets a viewer preview but not import, and imports into the caller’s workspace only', async () => {
    const owner = await app.user('pro');
    const viewer = await app.user('pro');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, viewer.id, 'viewer');
    expect((await preview(viewer, 'kuma', kuma)).monitors).toHaveLength(6);
    const refused = await app.send(viewer, 'POST', '/imports/kuma', { file: kuma });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('forbidden_role');

    const stranger = await app.user('pro');
    await app.json(await app.send(owner, 'POST', '/imports/kuma', { file: kuma }), 201);
    expect(await contents(stranger)).toEqual({ monitors: [], channels: [] });
  });
});
