// A monitor's alert settings in upwatch.yaml (dependencies and escalation policy by key,
// reminders, slow alerts), on the database of the run.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { type ConfigApp, createConfigApp } from './test/config-app.ts';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

const site = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  url: `https://${name.toLowerCase()}.example.com`,
  ...extra,
});

interface Settings {
  dependsOn: string[];
  renotifyMinutes: number | null;
  alertOnDegraded: boolean;
}

/** The monitors' ids by managed key, as the app lists them. */
async function idsOf(user: TestUser): Promise<Record<string, string>> {
  const { monitors } = await app.json<{ monitors: { id: string; managedKey: string | null }[] }>(
    await app.send(user, 'GET', '/monitors'),
    200,
  );
  return Object.fromEntries(monitors.map((monitor) => [monitor.managedKey ?? monitor.id, monitor.id]));
}

/** A monitor's alert settings as the API answers them. */
async function settingsOf(user: TestUser, id: string | undefined): Promise<Settings> {
  return app.json<Settings>(await app.send(user, 'GET', `/monitors/${id}/alert-settings`), 200);
}

async function monitorsOf(user: TestUser) {
  return ((await app.exportOf(user)) as { monitors: Record<string, Record<string, unknown>> }).monitors;
}

describe("a monitor's alert settings in upwatch.yaml", () => {
  it('round-trips dependencies, reminders, slow alerts and a chosen policy, and applying twice changes nothing', async () => {
    app = await createConfigApp();
    const [source, target] = [await app.user('pro'), await app.user('pro')];
    const created = async (path: string, input: Record<string, unknown>) =>
      (await app.json<{ id: string }>(await app.send(source, 'POST', path, input), 201)).id;
    const channel = await created('/alert-channels', {
      kind: 'email',
      name: 'Ops',
      config: { address: 'ops@example.com' },
    });
    const policy = await created('/escalation-policies', {
      name: 'Night shift',
      steps: [{ channelIds: [channel], waitMinutes: 10 }],
    });
    const database = await created('/monitors', site('Database'));
    const api = await created('/monitors', site('API'));
    await created('/monitors', site('Blog'));
    await app.json(
      await app.send(source, 'PATCH', `/monitors/${api}/alert-settings`, {
        dependsOn: [database],
        renotifyMinutes: 30,
        alertOnDegraded: true,
      }),
      200,
    );
    await app.json(
      await app.send(source, 'PUT', `/monitors/${api}/escalation-policy`, { policyId: policy }),
      200,
    );

    const file = (await app.exportOf(source)) as { monitors: Record<string, Record<string, unknown>> };
    expect(file.monitors.api).toMatchObject({
      dependsOn: ['database'],
      renotifyMinutes: 30,
      alertOnDegraded: true,
      escalationPolicy: 'night-shift',
    });
    // Defaults are not written.
    for (const key of ['database', 'blog']) {
      for (const field of ['dependsOn', 'renotifyMinutes', 'alertOnDegraded', 'escalationPolicy']) {
        expect(file.monitors[key]).not.toHaveProperty(field);
      }
    }

    const first = await app.applyAs(target, { config: file });
    expect(first.changes.find((change) => change.key === 'api')?.fields).toEqual(
      expect.arrayContaining([
        { field: 'dependsOn', after: ['database'] },
        { field: 'renotifyMinutes', after: 30 },
        { field: 'alertOnDegraded', after: true },
        { field: 'escalationPolicy', after: 'night-shift' },
      ]),
    );
    expect(await app.exportOf(target)).toEqual(file);
    expect(await app.applyAs(target, { config: file })).toEqual({ applied: true, changes: [] });
    const ids = await idsOf(target);
    expect(await settingsOf(target, ids.api)).toEqual({
      dependsOn: [ids.database],
      renotifyMinutes: 30,
      alertOnDegraded: true,
    });
  });

  it('plans a changed renotifyMinutes without writing it, then applies it once', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const config = { monitors: { api: site('API', { renotifyMinutes: 30 }) } };
    await app.applyAs(user, { config });
    config.monitors.api.renotifyMinutes = 60;

    const plan = await app.applyAs(user, { config, dryRun: true });
    expect(plan).toEqual({
      applied: false,
      changes: [
        {
          action: 'update',
          resource: 'monitor',
          key: 'api',
          name: 'API',
          fields: [{ field: 'renotifyMinutes', before: 30, after: 60 }],
        },
      ],
    });
    const ids = await idsOf(user);
    expect((await settingsOf(user, ids.api)).renotifyMinutes).toBe(30);

    expect((await app.applyAs(user, { config })).changes).toEqual(plan.changes);
    expect((await settingsOf(user, ids.api)).renotifyMinutes).toBe(60);
    expect((await monitorsOf(user)).api?.renotifyMinutes).toBe(60);
    expect(await app.applyAs(user, { config })).toEqual({ applied: true, changes: [] });
  });

  it('makes a dependency on a monitor the same apply creates after it', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const result = await app.applyAs(user, {
      config: { monitors: { web: site('Web', { dependsOn: ['db'] }), db: site('DB') } },
    });
    expect(result.changes.map((change) => change.key)).toEqual(['web', 'db']);
    expect(result.changes[0]?.fields).toContainEqual({ field: 'dependsOn', after: ['db'] });
    const ids = await idsOf(user);
    expect((await settingsOf(user, ids.web)).dependsOn).toEqual([ids.db]);
    expect((await settingsOf(user, ids.db)).dependsOn).toEqual([]);
  });

  it('refuses a cycle in the file with dependency_cycle, storing nothing', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const response = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { a: site('A', { dependsOn: ['b'] }), b: site('B', { dependsOn: ['a'] }) } },
    });
    const body = await app.json<{ error: { code: string; message: string } }>(response, 422);
    expect(body.error.code).toBe('dependency_cycle');
    expect(body.error.message).toMatch(/^monitors\.b\.dependsOn: /);
    expect(await monitorsOf(user)).toEqual({});
  });

  it('reverses a dependency in one apply, whatever order the monitors come in', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    await app.applyAs(user, { config: { monitors: { a: site('A', { dependsOn: ['b'] }), b: site('B') } } });
    // b is written before a: were its new dependency added before a's old one is gone, a loop.
    const reversed = await app.applyAs(user, {
      config: { monitors: { b: site('B', { dependsOn: ['a'] }), a: site('A') } },
    });
    expect(reversed.changes.map((change) => [change.key, change.fields])).toEqual([
      ['b', [{ field: 'dependsOn', before: [], after: ['a'] }]],
      ['a', [{ field: 'dependsOn', before: ['b'], after: [] }]],
    ]);
    const ids = await idsOf(user);
    expect((await settingsOf(user, ids.b)).dependsOn).toEqual([ids.a]);
    expect((await settingsOf(user, ids.a)).dependsOn).toEqual([]);
  });

  it('refuses an unknown monitor key in dependsOn and an unknown policy key, naming them', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const unknownMonitor = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { api: site('API', { dependsOn: ['nope'] }) } },
    });
    expect(await app.json(unknownMonitor, 422)).toEqual({
      error: {
        code: 'unknown_monitor',
        message: 'monitors.api.dependsOn: no monitor has the key "nope".',
      },
    });
    const unknownPolicy = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { api: site('API', { escalationPolicy: 'night-shift' }) } },
    });
    expect(await app.json(unknownPolicy, 422)).toEqual({
      error: {
        code: 'unknown_escalation_policy',
        message: 'monitors.api.escalationPolicy: no escalation policy has the key "night-shift".',
      },
    });
    expect(await monitorsOf(user)).toEqual({});
  });

  it('puts the settings back to their defaults when the file leaves them out', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const config = {
      alertChannels: { ops: { kind: 'email', name: 'Ops', config: { address: 'ops@example.com' } } },
      escalationPolicies: {
        night: { name: 'Night shift', steps: [{ channels: ['ops'], waitMinutes: 10 }] },
      },
      monitors: {
        db: site('DB'),
        api: site('API', {
          dependsOn: ['db'],
          renotifyMinutes: 15,
          alertOnDegraded: true,
          escalationPolicy: 'night',
        }),
      },
    };
    await app.applyAs(user, { config });
    const ids = await idsOf(user);
    const policy = () => app.send(user, 'GET', `/monitors/${ids.api}/escalation-policy`);
    expect((await app.json<{ policyId: string | null }>(await policy(), 200)).policyId).not.toBeNull();

    const plain = { ...config, monitors: { db: site('DB'), api: site('API') } };
    const cleared = await app.applyAs(user, { config: plain });
    expect(cleared.changes).toEqual([
      {
        action: 'update',
        resource: 'monitor',
        key: 'api',
        name: 'API',
        fields: [
          { field: 'dependsOn', before: ['db'], after: [] },
          { field: 'renotifyMinutes', before: 15, after: null },
          { field: 'alertOnDegraded', before: true, after: false },
          { field: 'escalationPolicy', before: 'night', after: null },
        ],
      },
    ]);
    expect(await settingsOf(user, ids.api)).toEqual({
      dependsOn: [],
      renotifyMinutes: null,
      alertOnDegraded: false,
    });
    expect((await app.json<{ policyId: string | null }>(await policy(), 200)).policyId).toBeNull();
    expect(await app.applyAs(user, { config: plain })).toEqual({ applied: true, changes: [] });
  });
});
