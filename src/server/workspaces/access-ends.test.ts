// A key never has more rights than its person has now: removing a member revokes their keys (or
// hands them to the owner when the remover chose so), a demotion caps them, and nobody but the
// owner revokes the owner's keys. The key list names the person each key acts as.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
beforeEach(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
});
afterEach(async () => {
  await app.t.close();
});

function bearer(key: string, method: string, path: string, body?: unknown) {
  return app.t.app.request(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function join(role: 'admin' | 'member' | 'viewer') {
  const person = await app.user('free');
  await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, person.id, role);
  return person;
}

async function keyOf(user: TestUser, name = 'CI') {
  return app.json<{ id: string; key: string }>(
    await app.send(user, 'POST', '/api-keys', { name, role: 'member' }),
    201,
  );
}

async function codeOf(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

async function auditActions() {
  const page = await app.json<{ events: { action: string; resource: { id: string } }[] }>(
    await app.send(owner, 'GET', '/audit-events'),
    200,
  );
  return page.events.map((e) => `${e.action} ${e.resource.id}`);
}

const newMonitor = { name: 'API', url: 'https://api.example.com' };

describe('when a member is removed', () => {
  it('their keys stop reading, writing, exporting the config and streaming at once, with an audit entry each', async () => {
    const grace = await join('member');
    const key = await keyOf(grace);
    expect((await bearer(key.key, 'GET', '/monitors')).status).toBe(200);

    expect((await app.send(owner, 'DELETE', `/workspace/members/${grace.id}`)).status).toBe(204);

    for (const [method, path, body] of [
      ['GET', '/monitors', undefined],
      ['POST', '/monitors', newMonitor],
      ['GET', '/config/export', undefined],
      ['GET', '/events', undefined],
    ] as const) {
      const response = await bearer(key.key, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await codeOf(response)).toBe('invalid_api_key');
    }
    expect(await auditActions()).toEqual(
      expect.arrayContaining([`api_key.revoke ${key.id}`, `member.remove ${grace.id}`]),
    );
    expect(await app.json(await app.send(owner, 'GET', '/api-keys'), 200)).toEqual({ keys: [] });
  });

  it("hands their keys to the owner only when the remover chooses so; the keys then act as the owner's", async () => {
    const grace = await join('member');
    const key = await keyOf(grace);
    const removed = await app.send(owner, 'DELETE', `/workspace/members/${grace.id}?apiKeys=hand_over`);
    expect(removed.status).toBe(204);

    expect((await bearer(key.key, 'POST', '/monitors', newMonitor)).status).toBe(201);
    const { keys } = await app.json<{ keys: { id: string; owner: unknown }[] }>(
      await app.send(owner, 'GET', '/api-keys'),
      200,
    );
    expect(keys).toMatchObject([{ id: key.id, owner: { userId: owner.id, name: owner.name } }]);
    expect(await auditActions()).toEqual(expect.arrayContaining([`api_key.hand_over ${key.id}`]));
  });

  it('refuses a leaver handing their own keys over, and revokes them when they leave', async () => {
    const grace = await join('member');
    const key = await keyOf(grace);
    const handing = await app.send(grace, 'DELETE', `/workspace/members/${grace.id}?apiKeys=hand_over`);
    expect(handing.status).toBe(422);
    expect(await codeOf(handing)).toBe('hand_over_own_keys');
    expect((await app.send(grace, 'DELETE', `/workspace/members/${grace.id}`)).status).toBe(204);
    expect((await bearer(key.key, 'GET', '/monitors')).status).toBe(401);
  });

  it('refuses an unknown choice for the keys with 400', async () => {
    const grace = await join('member');
    const response = await app.send(owner, 'DELETE', `/workspace/members/${grace.id}?apiKeys=keep`);
    expect(response.status).toBe(400);
    expect(await codeOf(response)).toBe('validation_failed');
  });

  it('ends their keys when they delete their account, which would leave the keys acting as the owner', async () => {
    const grace = await join('member');
    const key = await keyOf(grace);
    const ctx = await app.t.auth.$context;
    await ctx.internalAdapter.deleteUser(grace.id);
    const response = await bearer(key.key, 'GET', '/monitors');
    expect(response.status).toBe(401);
    expect(await codeOf(response)).toBe('invalid_api_key');
    expect(await auditActions()).toContain(`api_key.revoke ${key.id}`);
  });

  it('refuses a key whose person left the workspace by any other way', async () => {
    const grace = await join('member');
    const key = await keyOf(grace);
    await app.t.database.db
      .deleteFrom('member')
      .where('userId', '=', grace.id)
      .where('organizationId', '=', owner.id)
      .execute();
    const response = await bearer(key.key, 'GET', '/monitors');
    expect(response.status).toBe(401);
    expect(await codeOf(response)).toBe('invalid_api_key');
  });
});

describe('when a member is demoted', () => {
  it('their write key only reads while they are a viewer, and writes again once promoted', async () => {
    const grace = await join('member');
    const key = await keyOf(grace);
    expect(
      (await app.send(owner, 'PATCH', `/workspace/members/${grace.id}`, { role: 'viewer' })).status,
    ).toBe(204);

    const refused = await bearer(key.key, 'POST', '/monitors', newMonitor);
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe('forbidden_role');
    expect((await bearer(key.key, 'GET', '/monitors')).status).toBe(200);

    expect(
      (await app.send(owner, 'PATCH', `/workspace/members/${grace.id}`, { role: 'member' })).status,
    ).toBe(204);
    expect((await bearer(key.key, 'POST', '/monitors', newMonitor)).status).toBe(201);
  });
});

describe("the owner's keys", () => {
  it('are revoked by the owner only: an admin is refused 403 owner_key_protected, and may revoke a member’s', async () => {
    const admin = await join('admin');
    const grace = await join('member');
    const ownersKey = await keyOf(owner, 'Deploys');
    const gracesKey = await keyOf(grace, 'Grace CI');

    const refused = await app.send(admin, 'DELETE', `/api-keys/${ownersKey.id}`);
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe('owner_key_protected');
    expect((await app.send(grace, 'DELETE', `/api-keys/${ownersKey.id}`)).status).toBe(403);
    expect((await bearer(ownersKey.key, 'GET', '/monitors')).status).toBe(200);

    expect((await app.send(admin, 'DELETE', `/api-keys/${gracesKey.id}`)).status).toBe(204);
    expect((await app.send(owner, 'DELETE', `/api-keys/${ownersKey.id}`)).status).toBe(204);
    expect((await bearer(ownersKey.key, 'GET', '/monitors')).status).toBe(401);
    // The refused tries left no entry: one revocation each.
    expect((await auditActions()).filter((a) => a.startsWith('api_key.revoke'))).toEqual([
      `api_key.revoke ${ownersKey.id}`,
      `api_key.revoke ${gracesKey.id}`,
    ]);
  });

  it("are listed with their owner, as is every key, and marked as the owner's (API fields)", async () => {
    const grace = await join('member');
    expect(await keyOf(owner, 'Deploys')).toMatchObject({ ownerKey: true });
    expect(await keyOf(grace, 'Grace CI')).toMatchObject({ ownerKey: false });
    const { keys } = await app.json<{ keys: { name: string; owner: unknown }[] }>(
      await app.send(grace, 'GET', '/api-keys'),
      200,
    );
    expect(keys).toEqual([
      expect.objectContaining({
        name: 'Grace CI',
        owner: { userId: grace.id, name: grace.name },
        ownerKey: false,
      }),
      expect.objectContaining({
        name: 'Deploys',
        owner: { userId: owner.id, name: owner.name },
        ownerKey: true,
      }),
    ]);
  });
});
