// better-auth's /api/auth/organization/* routes, every one the plugin has (read from the running
// auth, so a route a new version adds is swept too), as every role and as an outsider: all are
// refused with 404 use_api_v1 and change nothing, except choosing the session's workspace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../core/api/workspaces.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { OPEN_ORGANIZATION_ROUTES } from './organization-routes.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
let workspaceId: string;
const people = new Map<WorkspaceRole | 'outsider', TestUser>();

interface Route {
  path: string;
  methods: string[];
}

/** The organization plugin's endpoints as the running auth serves them. */
function organizationRoutes(): Route[] {
  return Object.values(app.t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>)
    .filter((endpoint) => endpoint.path?.startsWith('/organization/'))
    .map((endpoint) => {
      const method = endpoint.options?.method ?? 'GET';
      const methods = (Array.isArray(method) ? method : [method]).map(String);
      return { path: endpoint.path as string, methods: methods.includes('*') ? ['GET', 'POST'] : methods };
    });
}

/** Every field any of the routes reads, aimed at the owner's workspace and its members. */
function hostileInput() {
  const member = people.get('member') as TestUser;
  return {
    organizationId: workspaceId,
    organizationSlug: workspaceId,
    data: { name: 'x'.repeat(5000), slug: 'hijacked', metadata: { requireTwoFactor: false } },
    name: 'Hijacked',
    slug: 'hijacked',
    email: 'stranger@example.com',
    role: 'owner',
    memberId: `${workspaceId}-${member.id}`,
    memberIdOrEmail: member.email,
    userId: member.id,
    invitationId: 'none',
    teamId: 'none',
    permissions: { organization: ['update', 'delete'] },
    permission: { organization: ['update'] },
  };
}

async function snapshot() {
  const db = app.t.database.db;
  return {
    organizations: await db.selectFrom('organization').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('member').selectAll().orderBy('id').execute(),
    invitations: await db.selectFrom('invitation').selectAll().orderBy('id').execute(),
    audit: await db.selectFrom('audit_events').selectAll().orderBy('id').execute(),
    outbox: await db.selectFrom('outbox').select('id').orderBy('id').execute(),
  };
}

async function call(user: TestUser, method: string, path: string) {
  const input = hostileInput();
  const query = new URLSearchParams(
    Object.entries(input).filter(([, v]) => typeof v === 'string') as [string, string][],
  );
  return app.t.request(method === 'GET' ? `/api/auth${path}?${query}` : `/api/auth${path}`, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(input),
  });
}

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  const created = await app.json<{ id: string }>(
    await app.send(owner, 'POST', '/workspaces', { name: 'Acme' }),
    201,
  );
  workspaceId = created.id;
  for (const role of ['admin', 'member', 'viewer'] as const) {
    const user = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, workspaceId, user.id, role);
    people.set(role, user);
  }
  people.set('outsider', await app.user('pro'));
  people.set('owner', owner);
});
afterAll(async () => {
  await app.t.close();
});

describe("better-auth's organization routes", () => {
  it('are read from the running auth: today the plugin has update, invite-member and many more', () => {
    const paths = organizationRoutes().map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/organization/update',
        '/organization/invite-member',
        '/organization/remove-member',
        '/organization/update-member-role',
        '/organization/delete',
        '/organization/set-active',
      ]),
    );
    expect(paths.length).toBeGreaterThan(15);
  });

  it('refuse every route but set-active with 404 use_api_v1, for every role and an outsider, changing nothing', async () => {
    const before = await snapshot();
    const refused: string[] = [];
    for (const route of organizationRoutes().filter((r) => !OPEN_ORGANIZATION_ROUTES.has(r.path))) {
      for (const method of route.methods) {
        for (const [role, user] of people) {
          const response = await call(user, method, route.path);
          const body = await response.text();
          expect(response.status, `${role} ${method} ${route.path}: ${body}`).toBe(404);
          expect(JSON.parse(body), `${role} ${method} ${route.path}`).toMatchObject({ code: 'use_api_v1' });
          refused.push(`${method} ${route.path}`);
        }
      }
    }
    expect(refused.length).toBeGreaterThan(15 * people.size);
    expect(await snapshot()).toEqual(before);
  });

  it("no longer let an admin rename the workspace, change its slug or turn off the owner's two-factor rule", async () => {
    const before = await snapshot();
    const admin = people.get('admin') as TestUser;
    const response = await app.t.request('/api/auth/organization/update', {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: workspaceId,
        data: {
          name: 'y'.repeat(5000),
          slug: 'taken',
          metadata: JSON.stringify({ requireTwoFactor: false }),
        },
      }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'use_api_v1' });
    // The same change through /api/v1 meets the role table.
    const v1 = await app.send(admin, 'PATCH', '/workspace', { name: 'Renamed by admin' });
    expect(v1.status).toBe(403);
    expect(await v1.json()).toMatchObject({ error: { code: 'forbidden_role' } });
    expect(await snapshot()).toEqual(before);
  });

  it("keep set-active working into a workspace one belongs to, and refuse it into another's", async () => {
    const before = await snapshot();
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      const user = people.get(role) as TestUser;
      const response = await call(user, 'POST', '/organization/set-active');
      expect(response.status, `${role}: ${await response.clone().text()}`).toBe(200);
      const me = await app.json<{ workspaces: { id: string; active: boolean }[] }>(
        await app.send(user, 'GET', '/workspaces'),
        200,
      );
      expect(me.workspaces.find((w) => w.active)?.id, role).toBe(workspaceId);
    }
    const outsider = await call(people.get('outsider') as TestUser, 'POST', '/organization/set-active');
    expect(outsider.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
