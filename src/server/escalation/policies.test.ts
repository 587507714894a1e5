// The escalation policy API: validation with clear 4xx answers, one default per workspace, the
// plan gate, a monitor's choice, and another workspace's policies out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EscalationPolicy, MonitorEscalation } from '../../core/api/escalation.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let ada: TestUser;
let channels: string[];

beforeAll(async () => {
  app = await createUserApp(NOW);
  ada = await app.user('starter');
  channels = [];
  for (const name of ['Ops', 'Lead']) {
    const response = await app.send(ada, 'POST', '/alert-channels', {
      kind: 'email',
      name,
      config: { address: `${name.toLowerCase()}@example.com` },
    });
    channels.push((await app.json<{ id: string }>(response, 201)).id);
  }
});
afterAll(async () => {
  await app.t.close();
});

const policyInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Office hours',
  steps: [
    { channelIds: [channels[0]], waitMinutes: 10 },
    { channelIds: [channels[1], channels[0]], waitMinutes: 5 },
  ],
  repeatEveryMinutes: 30,
  ...overrides,
});

async function error(response: Response, status: number) {
  const body = await app.json<{ error: { code: string; message: string } }>(response, status);
  return body.error;
}

describe('escalation policies', () => {
  it('creates, reads, changes and deletes a policy, steps in order', async () => {
    const created = await app.json<EscalationPolicy>(
      await app.send(ada, 'POST', '/escalation-policies', policyInput()),
      201,
    );
    expect(created).toMatchObject({
      name: 'Office hours',
      steps: [
        { channelIds: [channels[0]], waitMinutes: 10 },
        { channelIds: [channels[0], channels[1]], waitMinutes: 5 },
      ],
      repeatEveryMinutes: 30,
      isDefault: false,
      monitorCount: 0,
    });
    const changed = await app.json<EscalationPolicy>(
      await app.send(ada, 'PATCH', `/escalation-policies/${created.id}`, {
        name: 'Nights',
        steps: [{ channelIds: [channels[1]], waitMinutes: 3 }],
        repeatEveryMinutes: null,
      }),
      200,
    );
    expect(changed).toMatchObject({
      name: 'Nights',
      steps: [{ channelIds: [channels[1]], waitMinutes: 3 }],
      repeatEveryMinutes: null,
    });
    const { policies } = await app.json<{ policies: EscalationPolicy[] }>(
      await app.send(ada, 'GET', '/escalation-policies'),
      200,
    );
    expect(policies.map((policy) => policy.name)).toContain('Nights');
    expect((await app.send(ada, 'DELETE', `/escalation-policies/${created.id}`)).status).toBe(204);
    expect(await error(await app.send(ada, 'GET', `/escalation-policies/${created.id}`), 404)).toMatchObject({
      code: 'escalation_policy_not_found',
    });
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const before = (
      await app.json<{ policies: unknown[] }>(await app.send(ada, 'GET', '/escalation-policies'), 200)
    ).policies.length;
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [policyInput({ steps: [] }), 422, 'validation_failed', /^steps: Add at least one step\./],
      [
        policyInput({ steps: [{ channelIds: [], waitMinutes: 5 }] }),
        422,
        'validation_failed',
        /at least one channel/,
      ],
      [
        policyInput({ steps: [{ channelIds: [channels[0]], waitMinutes: 0 }] }),
        422,
        'validation_failed',
        /at least 1 minute/,
      ],
      [policyInput({ repeatEveryMinutes: 5000 }), 422, 'validation_failed', /at most 1440 minutes/],
      [policyInput({ name: ' ' }), 422, 'validation_failed', /Give the policy a name/],
      [
        policyInput({ steps: [{ channelIds: ['no-such-channel'], waitMinutes: 5 }] }),
        404,
        'channel_not_found',
        /not in your workspace/,
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const refused = await error(await app.send(ada, 'POST', '/escalation-policies', body), status);
      expect(refused.code).toBe(code);
      expect(refused.message).toMatch(message);
    }
    const after = (
      await app.json<{ policies: unknown[] }>(await app.send(ada, 'GET', '/escalation-policies'), 200)
    ).policies.length;
    expect(after).toBe(before);
  });

  it('keeps one default per workspace: a new default takes it from the old one', async () => {
    const first = await app.json<EscalationPolicy>(
      await app.send(ada, 'POST', '/escalation-policies', policyInput({ name: 'First', isDefault: true })),
      201,
    );
    const second = await app.json<EscalationPolicy>(
      await app.send(ada, 'POST', '/escalation-policies', policyInput({ name: 'Second', isDefault: true })),
      201,
    );
    expect(second.isDefault).toBe(true);
    expect(
      (await app.json<EscalationPolicy>(await app.send(ada, 'GET', `/escalation-policies/${first.id}`), 200))
        .isDefault,
    ).toBe(false);
    await app.json(
      await app.send(ada, 'PATCH', `/escalation-policies/${first.id}`, { isDefault: true }),
      200,
    );
    const { policies } = await app.json<{ policies: EscalationPolicy[] }>(
      await app.send(ada, 'GET', '/escalation-policies'),
      200,
    );
    expect(policies.filter((policy) => policy.isDefault).map((policy) => policy.id)).toEqual([first.id]);
  });

  it('answers both of two defaults made at the same moment, and keeps one of them the default', async () => {
    const bea = await app.user('starter');
    const channel = await app.json<{ id: string }>(
      await app.send(bea, 'POST', '/alert-channels', {
        kind: 'email',
        name: 'Ops',
        config: { address: 'ops@example.com' },
      }),
      201,
    );
    const input = (name: string) => ({
      name,
      steps: [{ channelIds: [channel.id], waitMinutes: 5 }],
      isDefault: true,
    });
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => app.send(bea, 'POST', '/escalation-policies', input(name))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const { policies } = await app.json<{ policies: EscalationPolicy[] }>(
      await app.send(bea, 'GET', '/escalation-policies'),
      200,
    );
    expect(policies).toHaveLength(3);
    expect(policies.filter((policy) => policy.isDefault)).toHaveLength(1);
  });

  it("lets a monitor choose a policy, or follow the workspace's default, and falls back when its policy goes", async () => {
    const monitor = await app.json<{ id: string }>(
      await app.send(ada, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' }),
      201,
    );
    const fallback = await app.json<EscalationPolicy>(
      await app.send(ada, 'POST', '/escalation-policies', policyInput({ name: 'Everyone', isDefault: true })),
      201,
    );
    const own = await app.json<EscalationPolicy>(
      await app.send(ada, 'POST', '/escalation-policies', policyInput({ name: 'Shop on call' })),
      201,
    );
    const path = `/monitors/${monitor.id}/escalation-policy`;
    const initial = await app.json<MonitorEscalation>(await app.send(ada, 'GET', path), 200);
    expect(initial).toEqual({
      policyId: null,
      effective: { id: fallback.id, name: 'Everyone', isDefault: true },
    });
    const chosen = await app.json<MonitorEscalation>(
      await app.send(ada, 'PUT', path, { policyId: own.id }),
      200,
    );
    expect(chosen).toEqual({
      policyId: own.id,
      effective: { id: own.id, name: 'Shop on call', isDefault: false },
    });
    expect(
      (await app.json<EscalationPolicy>(await app.send(ada, 'GET', `/escalation-policies/${own.id}`), 200))
        .monitorCount,
    ).toBe(1);
    expect(await error(await app.send(ada, 'PUT', path, { policyId: 'nope' }), 404)).toMatchObject({
      code: 'escalation_policy_not_found',
    });
    await app.send(ada, 'DELETE', `/escalation-policies/${own.id}`);
    const fallen = await app.json<MonitorEscalation>(await app.send(ada, 'GET', path), 200);
    expect(fallen).toEqual({
      policyId: null,
      effective: { id: fallback.id, name: 'Everyone', isDefault: true },
    });
  });

  it('needs incident management to write a policy, not to read one', async () => {
    const free = await app.user('free');
    const response = await app.send(free, 'POST', '/escalation-policies', policyInput({ steps: [] }));
    // Validation first (the body is wrong whatever the plan), then the plan.
    expect(response.status).toBe(422);
    const channel = await app.json<{ id: string }>(
      await app.send(free, 'POST', '/alert-channels', {
        kind: 'email',
        name: 'Me',
        config: { address: 'me@example.com' },
      }),
      201,
    );
    const refused = await error(
      await app.send(
        free,
        'POST',
        '/escalation-policies',
        policyInput({ steps: [{ channelIds: [channel.id], waitMinutes: 5 }] }),
      ),
      403,
    );
    expect(refused).toMatchObject({ code: 'feature_not_in_plan' });
    expect((await app.send(free, 'GET', '/escalation-policies')).status).toBe(200);
  });

  it("keeps another workspace's policies out of reach, and a viewer from writing", async () => {
    const mine = await app.json<EscalationPolicy>(
      await app.send(ada, 'POST', '/escalation-policies', policyInput({ name: 'Private' })),
      201,
    );
    const bob = await app.user('starter');
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const response = await app.send(bob, method, `/escalation-policies/${mine.id}`, body);
      expect(response.status, method).toBe(404);
    }
    const bobChannel = await app.json<{ id: string }>(
      await app.send(bob, 'POST', '/alert-channels', {
        kind: 'email',
        name: 'Bob',
        config: { address: 'bob@example.com' },
      }),
      201,
    );
    // Ada's steps cannot name Bob's channel.
    expect(
      await error(
        await app.send(ada, 'PATCH', `/escalation-policies/${mine.id}`, {
          steps: [{ channelIds: [bobChannel.id], waitMinutes: 5 }],
        }),
        404,
      ),
    ).toMatchObject({ code: 'channel_not_found' });
    const viewer = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, ada.id, viewer.id, 'viewer');
    expect(
      await error(await app.send(viewer, 'POST', '/escalation-policies', policyInput()), 403),
    ).toMatchObject({
      code: 'forbidden_role',
    });
    expect((await app.send(viewer, 'GET', '/escalation-policies')).status).toBe(200);
  });
});
