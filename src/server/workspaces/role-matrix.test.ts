// Every route of the API document, as every role in a shared workspace: allowed or refused with
// 403 forbidden_role exactly as src/core/permissions.ts says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../core/api/workspaces.ts';
import { PERMISSIONS } from '../../core/permissions.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
const people = new Map<WorkspaceRole, TestUser>();

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  for (const role of ['admin', 'member', 'viewer'] as const) {
    // On a plan of their own with digests, so a digest route answers them whatever their role.
    const user = await app.user('pro');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, user.id, role);
    people.set(role, user);
  }
  people.set('owner', owner);
});
afterAll(async () => {
  await app.t.close();
});

/** A person's own profile and digest, and joining a workspace: every role may use them. */
const PERSONAL = [
  '/me',
  '/workspaces',
  '/public-config',
  '/digest-settings',
  '/reports',
  '/reports/{id}',
  '/reports/preview',
  '/workspace/invitations/accept',
];
/** Changing who belongs to the workspace. */
const MEMBERSHIP = /^\/workspace\/(members|invitations)/;

function actionOf(method: string, path: string) {
  if (PERSONAL.includes(path)) return null;
  // Kept mail holds invitation and subscriber links: the owner's and admins' only.
  if (path === '/outbox') return 'readOutbox';
  if (method === 'GET') return 'read';
  // An import's dry run carries the file in a POST but writes nothing.
  if (method === 'POST' && /^\/imports\/(\{source\}|kuma-db)\/preview$/.test(path)) return 'read';
  // So does a plan of upwatch.yaml: an apply's dry run.
  if (method === 'POST' && path === '/config/plan') return 'read';
  if (path === '/workspace' || path === '/workspace/transfer') return 'manageWorkspace';
  return MEMBERSHIP.test(path) ? 'manageMembers' : 'write';
}

async function operations(): Promise<{ method: string; path: string }[]> {
  const doc = (await (await app.t.request('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

async function call(user: TestUser, method: string, path: string) {
  const response = await app.send(
    user,
    method,
    path.replaceAll(/\{[^}]+\}/g, 'x'),
    method === 'GET' ? undefined : {},
  );
  const refused =
    response.status === 403 &&
    ((await response.clone().json()) as { error?: { code?: string } }).error?.code === 'forbidden_role';
  await response.body?.cancel();
  return refused;
}

describe('the role matrix', () => {
  // One test per role, in the order the people were made: each walks more than 50 routes, which
  // took over 30 s for all four at once on a loaded machine.
  it.each(['admin', 'member', 'viewer', 'owner'] as const)(
    'answers every route of the API document as the permission table says, for the %s',
    async (role) => {
      const ops = await operations();
      expect(ops.length).toBeGreaterThan(50);
      const wrong: string[] = [];
      const user = people.get(role) as TestUser;
      for (const { method, path } of ops) {
        const action = actionOf(method, path);
        const expectRefused = action !== null && !PERMISSIONS[action].includes(role);
        if ((await call(user, method, path)) !== expectRefused) {
          wrong.push(
            `${role} ${method} ${path}: ${expectRefused ? 'should be refused' : 'should be allowed'}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('refuses a viewer a new monitor with a message naming the role needed, and stores nothing', async () => {
    const viewer = people.get('viewer') as TestUser;
    const response = await app.send(viewer, 'POST', '/monitors', {
      name: 'Shop',
      url: 'https://shop.example.com',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: 'forbidden_role',
        message:
          'Creating, changing or deleting things in this workspace needs the member role or higher; you are a viewer in this workspace.',
      },
    });
    const count = await app.t.database.db
      .selectFrom('monitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'Shop')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lets a member create a monitor in the shared workspace, and a viewer see it', async () => {
    const member = people.get('member') as TestUser;
    const created = await app.json<{ id: string }>(
      await app.send(member, 'POST', '/monitors', { name: 'Team API', url: 'https://api.example.com' }),
      201,
    );
    const seen = await app.json<{ name: string }>(
      await app.send(people.get('viewer') as TestUser, 'GET', `/monitors/${created.id}`),
      200,
    );
    expect(seen.name).toBe('Team API');
    const owners = await app.json<{ monitors: { id: string }[] }>(
      await app.send(owner, 'GET', '/monitors'),
      200,
    );
    expect(owners.monitors.map((monitor) => monitor.id)).toContain(created.id);
  });

  it('refuses a viewer pausing, deleting or checking a monitor, an alert channel and an API key', async () => {
    const viewer = people.get('viewer') as TestUser;
    for (const [method, path, body] of [
      ['POST', '/monitors/x/pause', undefined],
      ['DELETE', '/monitors/x', undefined],
      ['POST', '/monitors/x/check-now', undefined],
      ['POST', '/alert-channels', { type: 'email', name: 'Me', config: { address: 'a@example.com' } }],
      ['POST', '/api-keys', { name: 'CI' }],
    ] as const) {
      const response = await app.send(viewer, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it("refuses a viewer editing one of the workspace's alert channels, and leaves it as it was", async () => {
    const channel = await app.json<{ id: string }>(
      await app.send(owner, 'POST', '/alert-channels', {
        kind: 'email',
        name: 'On call',
        config: { address: 'oncall@example.com' },
      }),
      201,
    );
    const response = await app.send(
      people.get('viewer') as TestUser,
      'PATCH',
      `/alert-channels/${channel.id}`,
      {
        name: 'Renamed',
        config: { address: 'viewer@example.com' },
      },
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('forbidden_role');
    const { channels } = await app.json<{ channels: { id: string; name: string; settings: unknown }[] }>(
      await app.send(owner, 'GET', '/alert-channels'),
      200,
    );
    expect(channels.find((listed) => listed.id === channel.id)).toMatchObject({
      name: 'On call',
      settings: { address: 'oncall@example.com' },
    });
  });

  it("lets a viewer read their own digest settings and the workspace's monitors", async () => {
    const viewer = people.get('viewer') as TestUser;
    const list = await app.send(viewer, 'GET', '/monitors');
    expect(list.status, await list.clone().text()).toBe(200);
    const settings = await app.send(viewer, 'GET', '/digest-settings');
    expect(settings.status, await settings.clone().text()).toBe(200);
  });

  it('lists the shared workspace as the active one, with each person’s role in it', async () => {
    const body = await app.json<{ workspaces: { id: string; role: string; active: boolean }[] }>(
      await app.send(people.get('viewer') as TestUser, 'GET', '/workspaces'),
      200,
    );
    const active = body.workspaces.find((workspace) => workspace.active);
    expect(active).toMatchObject({ id: owner.id, role: 'viewer' });
    expect(body.workspaces).toHaveLength(2);
  });
});

describe('thirteen expectations written by hand', () => {
  it('answers each role as a team would expect', async () => {
    const admin = people.get('admin') as TestUser;
    const member = people.get('member') as TestUser;
    const viewer = people.get('viewer') as TestUser;
    const billing = (user: TestUser, path: string) =>
      app.t.request(`/api/billing${path}`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({}),
      });
    const cases: [string, () => Promise<Response>, number][] = [
      [
        'a viewer cannot create a monitor',
        () => app.send(viewer, 'POST', '/monitors', { name: 'V', url: 'https://v.example.com' }),
        403,
      ],
      ['a viewer reads the audit log', () => app.send(viewer, 'GET', '/audit-events'), 200],
      [
        'a member creates an API key',
        () => app.send(member, 'POST', '/api-keys', { name: 'Member CI' }),
        201,
      ],
      [
        'a member cannot invite',
        () => app.send(member, 'POST', '/workspace/invitations', { email: 'x@example.com' }),
        403,
      ],
      ['a member cannot see the invoices', () => billing(member, '/billing_portal'), 403],
      [
        'a member cannot rename the workspace',
        () => app.send(member, 'PATCH', '/workspace', { name: 'Ours' }),
        403,
      ],
      [
        'an admin invites',
        () => app.send(admin, 'POST', '/workspace/invitations', { email: 'y@example.com', role: 'viewer' }),
        201,
      ],
      ['a viewer cannot read the outbox', () => app.send(viewer, 'GET', '/outbox'), 403],
      ['a member cannot read the outbox', () => app.send(member, 'GET', '/outbox'), 403],
      ['an admin reads the outbox', () => app.send(admin, 'GET', '/outbox'), 200],
      ['an admin cannot change the plan', () => billing(admin, '/attach'), 403],
      [
        'an admin cannot hand the workspace over',
        () => app.send(admin, 'POST', '/workspace/transfer', { userId: member.id }),
        403,
      ],
      [
        'an admin cannot delete the workspace',
        () => app.send(admin, 'DELETE', '/workspace', { name: 'x' }),
        403,
      ],
    ];
    for (const [expectation, call, status] of cases) {
      const response = await call();
      const body = (await response.json()) as { error?: { code?: string }; code?: string };
      expect(response.status, expectation).toBe(status);
      if (status === 403) expect(body.error?.code ?? body.code, expectation).toBe('forbidden_role');
    }
  });
});
