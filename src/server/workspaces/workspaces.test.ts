import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
beforeEach(async () => {
  app = await createUserApp(NOW);
});
afterEach(async () => {
  await app.t.close();
});

describe('workspaces', () => {
  it('gives every new user a personal workspace they own and work in', async () => {
    const ada = await app.user('free');
    const body = await app.json(await app.send(ada, 'GET', '/workspaces'), 200);
    expect(body).toEqual({
      workspaces: [
        {
          id: ada.id,
          name: `${ada.name}'s workspace`,
          role: 'owner',
          active: true,
          requireTwoFactor: false,
          personal: true,
        },
      ],
    });
    const member = await app.t.database.db
      .selectFrom('member')
      .selectAll()
      .where('userId', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ organizationId: ada.id, role: 'owner' });
  });

  it('keeps what a person creates in their workspace, out of every other', async () => {
    const ada = await app.user('pro');
    const grace = await app.user('pro');
    const created = await app.json<{ id: string }>(
      await app.send(ada, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' }),
      201,
    );
    const stored = await app.t.database.db
      .selectFrom('monitors')
      .select('workspace_id')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.workspace_id).toBe(ada.id);
    expect((await app.send(grace, 'GET', `/monitors/${created.id}`)).status).toBe(404);
    const graces = await app.json<{ monitors: unknown[] }>(await app.send(grace, 'GET', '/monitors'), 200);
    expect(graces.monitors).toEqual([]);
  });

  it('refuses the workspace list to a caller who is not signed in', async () => {
    const response = await app.t.request('/api/v1/workspaces');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it("refuses better-auth's own route for a new workspace, which would skip its billing customer and the limit", async () => {
    const ada = await app.user('free');
    const response = await app.t.request('/api/auth/organization/create', {
      method: 'POST',
      headers: { cookie: ada.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ name: 'Team', slug: 'team' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'use_api_v1' });
    const count = await app.t.database.db
      .selectFrom('organization')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

it('lets its owner require two-factor sign-in, once they have it, and holds back members without it', async () => {
  const { db, dialect } = app.t.database;
  const ada = await app.user('pro');
  const grace = await app.user('free');
  await joinWorkspace(db, dialect, ada.id, grace.id, 'member');
  const turnOn = () => app.send(ada, 'PATCH', '/workspace', { requireTwoFactor: true });
  const first = await turnOn();
  expect(first.status).toBe(409);
  expect(await first.json()).toMatchObject({ error: { code: 'two_factor_first' } });

  const enable = (id: string) =>
    db
      .updateTable('user')
      .set({ twoFactorEnabled: dialect === 'sqlite' ? 1 : true })
      .where('id', '=', id)
      .execute();
  await enable(ada.id);
  expect((await turnOn()).status).toBe(204);
  expect((await app.send(grace, 'PATCH', '/workspace', { requireTwoFactor: false })).status).toBe(403);

  const held = await app.send(grace, 'GET', '/monitors');
  expect(held.status).toBe(403);
  expect(await held.json()).toMatchObject({ error: { code: 'two_factor_required' } });
  const listed = await app.json<{ workspaces: { active: boolean; requireTwoFactor: boolean }[] }>(
    await app.send(grace, 'GET', '/workspaces'),
    200,
  );
  expect(listed.workspaces.find((w) => w.active)?.requireTwoFactor).toBe(true);
  await enable(grace.id);
  expect((await app.send(grace, 'GET', '/monitors')).status).toBe(200);
});

it('deletes a personal workspace with its person', async () => {
  const ada = await app.user('free');
  const ctx = await app.t.auth.$context;
  await ctx.internalAdapter.deleteUser(ada.id);
  const left = await app.t.database.db
    .selectFrom('organization')
    .select('id')
    .where('id', '=', ada.id)
    .execute();
  expect(left).toEqual([]);
});
