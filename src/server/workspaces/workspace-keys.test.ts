// API keys belong to a workspace: a member's key works there, a viewer key only reads, and no key
// reaches another workspace's monitors.
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
  return app.t.request(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function keyOf(user: TestUser, role: 'member' | 'viewer') {
  return app.json<{ key: string; createdBy: string; role: string }>(
    await app.send(user, 'POST', '/api-keys', { name: `${role} key`, role }),
    201,
  );
}

describe('workspace API keys', () => {
  it("are the workspace's, show their maker, and a viewer key only reads", async () => {
    const grace = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, grace.id, 'member');
    const shared = await app.json<{ id: string }>(
      await app.send(owner, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' }),
      201,
    );
    const writer = await keyOf(grace, 'member');
    expect(writer.createdBy).toBe(grace.name);
    const listed = await app.json<{ keys: { createdBy: string }[] }>(
      await app.send(owner, 'GET', '/api-keys'),
      200,
    );
    expect(listed.keys.map((k) => k.createdBy)).toEqual([grace.name]);

    const page = await app.json<{ monitors: { id: string }[] }>(
      await bearer(writer.key, 'GET', '/monitors'),
      200,
    );
    expect(page.monitors.map((m) => m.id)).toEqual([shared.id]);
    expect(
      (await bearer(writer.key, 'POST', '/monitors', { name: 'API', url: 'https://api.example.com' })).status,
    ).toBe(201);

    const reader = await keyOf(owner, 'viewer');
    expect((await bearer(reader.key, 'GET', `/monitors/${shared.id}`)).status).toBe(200);
    const refused = await bearer(reader.key, 'DELETE', `/monitors/${shared.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden_role' } });
  });

  it("never reach another workspace's monitors, by key or by session, nor its live events", async () => {
    const stranger = await app.user('pro');
    const theirs = await app.json<{ id: string }>(
      await app.send(stranger, 'POST', '/monitors', { name: 'Theirs', url: 'https://theirs.example.com' }),
      201,
    );
    const key = await keyOf(owner, 'member');
    for (const path of [
      `/monitors/${theirs.id}`,
      `/monitors/${theirs.id}/results`,
      `/monitors/${theirs.id}/uptime`,
    ]) {
      expect((await bearer(key.key, 'GET', path)).status, path).toBe(404);
      expect((await app.send(owner, 'GET', path)).status, path).toBe(404);
    }
    expect((await bearer(key.key, 'GET', `/events?monitorId=${theirs.id}`)).status).toBe(404);
    expect((await bearer(key.key, 'DELETE', `/monitors/${theirs.id}`)).status).toBe(404);
  });
});
