// Workspaces beyond the personal one: made by anyone signed in, switched to in the session,
// holding their own things on their own plan; handed over and deleted by their owner only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { MAX_OWNED_WORKSPACES } from './lifecycle.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let ada: TestUser;
beforeEach(async () => {
  app = await createUserApp(NOW);
  ada = await app.user('pro');
});
afterEach(async () => {
  await app.t.close();
});

type Listed = { id: string; name: string; role: string; active: boolean; personal: boolean };
const list = async (user: TestUser) =>
  (await app.json<{ workspaces: Listed[] }>(await app.send(user, 'GET', '/workspaces'), 200)).workspaces;
const monitorIds = async (user: TestUser) =>
  (
    await app.json<{ monitors: { id: string }[] }>(await app.send(user, 'GET', '/monitors'), 200)
  ).monitors.map((m) => m.id);
const error = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

async function createWorkspace(user: TestUser, name: string): Promise<string> {
  return (await app.json<{ id: string }>(await app.send(user, 'POST', '/workspaces', { name }), 201)).id;
}

describe('a new workspace', () => {
  it('is owned by its maker, works in their session, and holds its own monitors on its own free plan', async () => {
    const mine = await app.json<{ id: string }>(
      await app.send(ada, 'POST', '/monitors', { name: 'Personal', url: 'https://me.example.com' }),
      201,
    );
    const acme = await createWorkspace(ada, 'Acme');
    expect(await list(ada)).toEqual(
      [
        {
          id: ada.id,
          name: `${ada.name}'s workspace`,
          role: 'owner',
          active: false,
          requireTwoFactor: false,
          personal: true,
        },
        { id: acme, name: 'Acme', role: 'owner', active: true, requireTwoFactor: false, personal: false },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(await monitorIds(ada)).toEqual([]);
    const plan = await app.json<{ plan: string }>(await app.send(ada, 'GET', '/me/plan'), 200);
    expect(plan.plan).toBe('free');
    const shared = await app.json<{ id: string }>(
      await app.send(ada, 'POST', '/monitors', { name: 'Acme shop', url: 'https://acme.example.com' }),
      201,
    );
    expect(await monitorIds(ada)).toEqual([shared.id]);

    const back = await app.t.request('/api/auth/organization/set-active', {
      method: 'POST',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: ada.id }),
    });
    expect(back.status).toBe(200);
    expect(await monitorIds(ada)).toEqual([mine.id]);
    const { events } = await app.json<{ events: { action: string }[] }>(
      await app.send(ada, 'GET', '/audit-events'),
      200,
    );
    expect(events.map((e) => e.action)).toEqual(['monitor.create']);
  });

  it('can be made up to the limit, by session only, with a name', async () => {
    const key = (
      await app.json<{ key: string }>(await app.send(ada, 'POST', '/api-keys', { name: 'CI' }), 201)
    ).key;
    for (let i = 0; i < MAX_OWNED_WORKSPACES; i++) await createWorkspace(ada, `Team ${i}`);
    const over = await app.send(ada, 'POST', '/workspaces', { name: 'One more' });
    expect(over.status).toBe(409);
    expect((await error(over)).code).toBe('workspace_limit_reached');
    expect((await app.send(ada, 'POST', '/workspaces', { name: ' ' })).status).toBe(422);
    const byKey = await app.t.request('/api/v1/workspaces', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'By key' }),
    });
    expect(byKey.status).toBe(403);
  });
});

describe('handing a workspace over', () => {
  it('makes the member the owner and the old owner an admin; only the owner may, never for a personal workspace', async () => {
    const acme = await createWorkspace(ada, 'Acme');
    const grace = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, acme, grace.id, 'admin');
    const refused = await app.send(grace, 'POST', '/workspace/transfer', { userId: grace.id });
    expect(refused.status).toBe(403);
    expect((await error(refused)).code).toBe('forbidden_role');
    expect((await app.send(ada, 'POST', '/workspace/transfer', { userId: 'nobody' })).status).toBe(404);

    expect((await app.send(ada, 'POST', '/workspace/transfer', { userId: grace.id })).status).toBe(204);
    expect((await list(grace)).find((w) => w.id === acme)?.role).toBe('owner');
    expect((await list(ada)).find((w) => w.id === acme)?.role).toBe('admin');

    await app.t.request('/api/auth/organization/set-active', {
      method: 'POST',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: ada.id }),
    });
    const personal = await app.send(ada, 'POST', '/workspace/transfer', { userId: grace.id });
    expect(personal.status).toBe(409);
    expect((await error(personal)).code).toBe('personal_workspace');
  });
});

describe('deleting a workspace', () => {
  it('takes everything in it, sends its members back to their own, and notes it in the deleter’s log', async () => {
    const acme = await createWorkspace(ada, 'Acme');
    const grace = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, acme, grace.id, 'member');
    await app.json(
      await app.send(grace, 'POST', '/monitors', { name: 'Acme shop', url: 'https://acme.example.com' }),
      201,
    );

    expect((await app.send(grace, 'DELETE', '/workspace', { name: 'Acme' })).status).toBe(403);
    const misspelt = await app.send(ada, 'DELETE', '/workspace', { name: 'acme' });
    expect(misspelt.status).toBe(422);
    expect((await error(misspelt)).message).toContain('Acme');

    expect((await app.send(ada, 'DELETE', '/workspace', { name: 'Acme' })).status).toBe(204);
    const db = app.t.database.db;
    expect(await db.selectFrom('monitors').select('id').where('workspace_id', '=', acme).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('billing_customers').select('id').where('id', '=', acme).execute()).toEqual(
      [],
    );
    expect((await list(grace)).map((w) => [w.id, w.active])).toEqual([[grace.id, true]]);
    expect((await list(ada)).map((w) => [w.id, w.active])).toEqual([[ada.id, true]]);
    const { events } = await app.json<{ events: { action: string; resource: { name: string } }[] }>(
      await app.send(ada, 'GET', '/audit-events'),
      200,
    );
    expect(events.map((e) => [e.action, e.resource.name])).toEqual([['workspace.delete', 'Acme']]);
  });

  it('refuses a personal workspace and one still paying for a plan', async () => {
    const personal = await app.send(ada, 'DELETE', '/workspace', { name: `${ada.name}'s workspace` });
    expect(personal.status).toBe(409);
    expect((await error(personal)).code).toBe('personal_workspace');
    const acme = await createWorkspace(ada, 'Acme');
    await app.t.grant(acme, 'starter');
    const paying = await app.send(ada, 'DELETE', '/workspace', { name: 'Acme' });
    expect(paying.status).toBe(409);
    expect((await error(paying)).code).toBe('plan_active');
  });
});

describe('deleting an account', () => {
  it('takes the workspaces its person owns alone, and is refused while others work in one they own', async () => {
    const ctx = await app.t.auth.$context;
    const solo = await createWorkspace(ada, 'Solo');
    const grace = await app.user('free');
    const team = await createWorkspace(grace, 'Team');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, team, ada.id, 'member');

    await expect(ctx.internalAdapter.deleteUser(grace.id)).rejects.toThrow(/You own Team/);
    await ctx.internalAdapter.deleteUser(ada.id);
    const left = await app.t.database.db.selectFrom('organization').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([grace.id, team].sort());
    expect(left.map((row) => row.id)).not.toContain(solo);
  });
});
