// Escalation policies in upwatch.yaml: steps name alert channels by key, on the database of the run.
import { afterEach, describe, expect, it } from 'vitest';
import { type ConfigApp, createConfigApp } from './test/config-app.ts';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

const alertChannels = {
  ops: { kind: 'email', name: 'Ops', config: { address: 'ops@example.com' } },
  lead: { kind: 'email', name: 'Team lead', config: { address: 'lead@example.com' } },
};
const policy = {
  name: 'On call',
  steps: [
    { channels: ['ops'], waitMinutes: 10 },
    { channels: ['ops', 'lead'], waitMinutes: 15 },
  ],
  repeatEveryMinutes: 30,
  isDefault: true,
};

describe('escalation policies in upwatch.yaml', () => {
  it('round-trips a policy whose steps name channels by key, and applying twice changes nothing', async () => {
    app = await createConfigApp();
    const [source, target] = [await app.user('pro'), await app.user('pro')];
    const config = { alertChannels, escalationPolicies: { 'on-call': policy } };
    const created = await app.applyAs(source, { config });
    expect(created.changes.map((change) => `${change.action} ${change.resource} ${change.key}`)).toEqual([
      'create alertChannel ops',
      'create alertChannel lead',
      'create escalationPolicy on-call',
    ]);
    expect(await app.applyAs(source, { config })).toEqual({ applied: true, changes: [] });
    const file = (await app.exportOf(source)) as { escalationPolicies: Record<string, unknown> };
    // A step's channels in key order: they are alerted together.
    const sorted = { ...policy, steps: [policy.steps[0], { channels: ['lead', 'ops'], waitMinutes: 15 }] };
    expect(file.escalationPolicies).toEqual({ 'on-call': sorted });
    await app.applyAs(target, { config: file });
    expect(await app.exportOf(target)).toEqual(file);
  });

  it('plans and applies changed steps, and refuses a step naming an unknown channel', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    await app.applyAs(user, { config: { alertChannels, escalationPolicies: { 'on-call': policy } } });
    const shorter = { ...policy, steps: [{ channels: ['lead'], waitMinutes: 5 }] };
    const plan = await app.applyAs(user, {
      config: { alertChannels, escalationPolicies: { 'on-call': shorter } },
      dryRun: true,
    });
    expect(plan.changes).toEqual([
      {
        action: 'update',
        resource: 'escalationPolicy',
        key: 'on-call',
        name: 'On call',
        fields: [
          {
            field: 'steps',
            before: [
              { channels: ['ops'], waitMinutes: 10 },
              { channels: ['lead', 'ops'], waitMinutes: 15 },
            ],
            after: shorter.steps,
          },
        ],
      },
    ]);
    await app.applyAs(user, { config: { alertChannels, escalationPolicies: { 'on-call': shorter } } });
    const file = (await app.exportOf(user)) as { escalationPolicies: Record<string, { steps: unknown }> };
    expect(file.escalationPolicies['on-call']?.steps).toEqual(shorter.steps);

    const unknown = await app.send(user, 'POST', '/config/apply', {
      config: {
        escalationPolicies: { 'on-call': { ...policy, steps: [{ channels: ['pager'], waitMinutes: 5 }] } },
      },
    });
    expect(await app.json(unknown, 422)).toEqual({
      error: {
        code: 'unknown_channel',
        message: 'escalationPolicies.on-call.steps: no alert channel has the key "pager".',
      },
    });
    const twoDefaults = await app.send(user, 'POST', '/config/apply', {
      config: { alertChannels, escalationPolicies: { a: policy, b: { ...policy, name: 'Other' } } },
    });
    expect((await app.json<{ error: { message: string } }>(twoDefaults, 422)).error.message).toBe(
      'config.escalationPolicies: At most one escalation policy can be the default.',
    );
  });

  it('refuses policies on a plan without incident management, changing nothing', async () => {
    app = await createConfigApp();
    const user = await app.user('free');
    const response = await app.send(user, 'POST', '/config/apply', {
      config: { alertChannels, escalationPolicies: { 'on-call': policy } },
    });
    expect((await app.json<{ error: { code: string } }>(response, 403)).error.code).toBe(
      'feature_not_in_plan',
    );
    const file = (await app.exportOf(user)) as { alertChannels: object };
    expect(file.alertChannels).toEqual({});
  });
});
