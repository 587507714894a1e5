// POST /api/v1/config/apply and GET /api/v1/config/export on the real database of the run
// (SQLite, or PostgreSQL with UPWATCH_TEST_DB=postgres).
import { afterEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { type ConfigApp, createConfigApp, fillIn, ref } from './test/config-app.ts';

const SLACK_URL = 'https://hooks.example.com/services/T000/B000/XXXXSECRET';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

async function start() {
  app = await createConfigApp();
  return app;
}

async function seedWorkspace(user: TestUser) {
  const created = async (path: string, input: Record<string, unknown>) =>
    (await app.json<{ id: string }>(await app.send(user, 'POST', path, input), 201)).id;
  const slack = await created('/alert-channels', { kind: 'slack', name: '#ops', config: { url: SLACK_URL } });
  await created('/alert-channels', {
    kind: 'email',
    name: 'On call',
    config: { address: 'oncall@example.com' },
  });
  const shop = await created('/monitors', {
    name: 'Shop',
    url: 'https://shop.example.com',
    intervalMinutes: 10,
    headers: { accept: 'text/html' },
    keyword: { mode: 'contains', value: 'Welcome' },
  });
  await app.json(
    await app.send(user, 'PUT', `/monitors/${shop}/alert-channels`, { channelIds: [slack] }),
    200,
  );
  await created('/monitors', {
    kind: 'tcp',
    name: 'Database',
    host: 'db.example.com',
    port: 5432,
    paused: true,
  });
  await created('/monitors', { kind: 'dns', name: 'Mail DNS', hostname: 'example.com', recordType: 'MX' });
  await created('/monitors', {
    kind: 'heartbeat',
    name: 'Nightly backup',
    cron: '0 3 * * *',
    graceSeconds: 600,
  });
  await created('/monitors', {
    kind: 'ping',
    name: 'Router',
    host: 'router.example.com',
    intervalSeconds: 30,
  });
}

describe('config export and apply', () => {
  it('round-trips: export, apply to an empty workspace, export again gives the same file', async () => {
    await start();
    const [source, target] = [await app.user('pro'), await app.user('pro')];
    await seedWorkspace(source);
    const file = await app.exportOf(source);
    expect(JSON.stringify(file)).not.toContain('XXXXSECRET');
    expect(file.alertChannels).toMatchObject({ ops: { kind: 'slack', config: { url: ref('OPS_URL') } } });
    expect(file.monitors).toMatchObject({ shop: { kind: 'http', intervalMinutes: 10, alerts: ['ops'] } });
    // Another workspace sees nothing of the first.
    expect(await app.exportOf(target)).toEqual({
      alertChannels: {},
      monitors: {},
      statusPages: {},
      maintenanceWindows: {},
      escalationPolicies: {},
      performanceSites: {},
    });

    const config = fillIn(file, { OPS_URL: SLACK_URL });
    const first = await app.applyAs(target, { config });
    expect(first.applied).toBe(true);
    expect(first.changes.map((change) => `${change.action} ${change.resource} ${change.key}`)).toEqual([
      'create alertChannel on-call',
      'create alertChannel ops',
      'create monitor database',
      'create monitor mail-dns',
      'create monitor nightly-backup',
      'create monitor router',
      'create monitor shop',
    ]);
    expect(JSON.stringify(first)).not.toContain('XXXXSECRET');
    expect(await app.exportOf(target)).toEqual(file);

    // Applying twice changes nothing.
    expect(await app.applyAs(target, { config })).toEqual({ applied: true, changes: [] });
  });

  it('plans a changed field without writing it, then applies it', async () => {
    await start();
    const user = await app.user('pro');
    const config = {
      monitors: {
        api: { kind: 'http', name: 'API', url: 'https://api.example.com/health', timeoutSeconds: 10 },
      },
    };
    await app.applyAs(user, { config });
    config.monitors.api.timeoutSeconds = 20;

    const plan = await app.applyAs(user, { config, dryRun: true });
    expect(plan).toEqual({
      applied: false,
      changes: [
        {
          action: 'update',
          resource: 'monitor',
          key: 'api',
          name: 'API',
          fields: [{ field: 'timeoutSeconds', before: 10, after: 20 }],
        },
      ],
    });
    expect(
      ((await app.exportOf(user)).monitors as Record<string, { timeoutSeconds: number }>).api?.timeoutSeconds,
    ).toBe(10);

    expect((await app.applyAs(user, { config })).changes).toEqual(plan.changes);
    expect(
      ((await app.exportOf(user)).monitors as Record<string, { timeoutSeconds: number }>).api?.timeoutSeconds,
    ).toBe(20);
  });

  it('names a changed secret without its values', async () => {
    await start();
    const user = await app.user('pro');
    const channel = (url: string) => ({
      alertChannels: { ops: { kind: 'slack', name: '#ops', config: { url } } },
    });
    await app.applyAs(user, { config: channel(SLACK_URL) });
    const plan = await app.applyAs(user, {
      config: channel('https://hooks.example.com/services/T1/B1/NEWSECRET'),
    });
    expect(plan.changes).toEqual([
      {
        action: 'update',
        resource: 'alertChannel',
        key: 'ops',
        name: '#ops',
        fields: [{ field: 'config.url', secret: true }],
      },
    ]);
    expect(JSON.stringify(plan)).not.toMatch(/SECRET/);
  });

  it('refuses the whole file when the 101st monitor is over the plan, creating none', async () => {
    await start();
    const user = await app.user('pro');
    const monitors = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [
        `m${i}`,
        { name: `Site ${i}`, url: `https://s${i}.example.com` },
      ]),
    );
    const response = await app.send(user, 'POST', '/config/apply', { config: { monitors } });
    const body = await app.json<{ error: { code: string } }>(response, 403);
    expect(body.error.code).toBe('monitor_limit_reached');
    expect(await app.exportOf(user)).toEqual({
      alertChannels: {},
      monitors: {},
      statusPages: {},
      maintenanceWindows: {},
      escalationPolicies: {},
      performanceSites: {},
    });
    // The balance was not spent either: the first hundred still fit.
    delete monitors.m100;
    expect((await app.applyAs(user, { config: { monitors } })).changes).toHaveLength(100);
  }, 60_000);

  it('refuses an invalid file by its field, and a field the schema does not know', async () => {
    await start();
    const user = await app.user('pro');
    const bad = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { api: { name: 'API', url: 'not a url' } } },
    });
    expect((await app.json<{ error: { message: string } }>(bad, 422)).error.message).toMatch(
      /^config\.monitors\.api\.url: /,
    );
    const typo = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { api: { name: 'API', url: 'https://api.example.com', intervalMinute: 5 } } },
    });
    expect(await app.json(typo, 422)).toEqual({
      error: {
        code: 'unknown_field',
        message: 'config.monitors.api.intervalMinute: this request has no such field.',
      },
    });
    const unfilled = await app.send(user, 'POST', '/config/apply', {
      config: {
        monitors: {
          api: {
            name: 'API',
            url: 'https://api.example.com',
            headers: { authorization: `Bearer ${ref('API_TOKEN')}` },
          },
        },
      },
    });
    expect(await app.json(unfilled, 422)).toEqual({
      error: {
        code: 'unresolved_variable',
        message: `config.monitors.api.headers.authorization: ${ref('API_TOKEN')} was not filled in; set API_TOKEN where the CLI runs.`,
      },
    });
    const unknownChannel = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { api: { name: 'API', url: 'https://api.example.com', alerts: ['pager'] } } },
    });
    expect(await app.json(unknownChannel, 422)).toEqual({
      error: {
        code: 'unknown_channel',
        message: 'monitors.api.alerts: no alert channel has the key "pager".',
      },
    });
    expect(await app.exportOf(user)).toEqual({
      alertChannels: {},
      monitors: {},
      statusPages: {},
      maintenanceWindows: {},
      escalationPolicies: {},
      performanceSites: {},
    });
  });

  it('adopts what was made in the app, leaves unlisted resources alone, and prunes them when asked', async () => {
    await start();
    const user = await app.user('pro');
    await app.json(
      await app.send(user, 'POST', '/monitors', { name: 'Blog', url: 'https://blog.example.com' }),
      201,
    );
    await app.json(
      await app.send(user, 'POST', '/monitors', { name: 'Old', url: 'https://old.example.com' }),
      201,
    );
    const file = (await app.exportOf(user)) as { monitors: Record<string, unknown> };
    const adopted = await app.applyAs(user, { config: { monitors: { blog: file.monitors.blog } } });
    expect(adopted.changes).toEqual([
      {
        action: 'update',
        resource: 'monitor',
        key: 'blog',
        name: 'Blog',
        fields: [{ field: 'managedKey', before: null, after: 'blog' }],
      },
    ]);
    expect(Object.keys((await app.exportOf(user)).monitors as object)).toEqual(['blog', 'old']);
    // The app marks what a file manages.
    const { monitors } = await app.json<{ monitors: { name: string; managedKey: string | null }[] }>(
      await app.send(user, 'GET', '/monitors'),
      200,
    );
    expect(monitors.map((m) => [m.name, m.managedKey]).sort()).toEqual([
      ['Blog', 'blog'],
      ['Old', null],
    ]);

    // Without the monitors section nothing of it is pruned; with it, what it leaves out goes.
    expect((await app.applyAs(user, { config: { alertChannels: {} }, prune: true })).changes).toEqual([]);
    const pruned = await app.applyAs(user, {
      config: { monitors: { blog: file.monitors.blog } },
      prune: true,
    });
    expect(pruned.changes).toEqual([
      { action: 'delete', resource: 'monitor', key: 'old', name: 'Old', fields: [] },
    ]);
    expect(Object.keys((await app.exportOf(user)).monitors as object)).toEqual(['blog']);
  });

  it('refuses to change a resource kind in place', async () => {
    await start();
    const user = await app.user('pro');
    await app.applyAs(user, {
      config: { monitors: { db: { kind: 'tcp', name: 'DB', host: 'db.example.com', port: 5432 } } },
    });
    const response = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { db: { kind: 'ping', name: 'DB', host: 'db.example.com' } } },
    });
    expect((await app.json<{ error: { code: string } }>(response, 422)).error.code).toBe('kind_changed');
  });
});

describe('the JSON Schema of upwatch.yaml', () => {
  it('is published without sign-in, for editors, and describes the file the API accepts', async () => {
    await start();
    const response = await app.t.request('/api/v1/config/schema.json');
    type Section = { propertyNames?: { pattern: string }; additionalProperties?: unknown };
    const schema = await app.json<{
      $schema: string;
      $id: string;
      $ref: string;
      $defs: Record<string, { properties: Record<string, Section> }>;
    }>(response, 200);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe('http://localhost:3000/api/v1/config/schema.json');
    const root = schema.$defs[schema.$ref.replace('#/$defs/', '')];
    expect(Object.keys(root?.properties ?? {})).toEqual([
      'alertChannels',
      'monitors',
      'statusPages',
      'maintenanceWindows',
      'escalationPolicies',
      'performanceSites',
    ]);
    expect(root?.properties.monitors?.propertyNames?.pattern).toBe('^[a-z0-9][a-z0-9_-]{0,62}$');
    // One alternative per monitor kind, each with the API's own fields.
    const kinds = JSON.stringify(root?.properties.monitors?.additionalProperties);
    for (const field of [
      '"url"',
      '"port"',
      '"packets"',
      '"recordType"',
      '"cron"',
      '"alerts"',
      '"dependsOn"',
      '"renotifyMinutes"',
      '"alertOnDegraded"',
      '"escalationPolicy"',
    ]) {
      expect(kinds).toContain(field);
    }
  });
});
