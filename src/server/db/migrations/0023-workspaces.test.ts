import { makeSignature } from 'better-auth/crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertMonitors, insertOwner, monitorRow } from '../../test/monitor-rows.ts';
import { buildApp, TEST_PUBLIC_URL, TEST_SECRET } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { migrateToLatest } from '../migrate.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ until: '0022-compact-check-results' });
});
afterEach(async () => {
  await database.destroy();
});

/** A session as 0001–0022 stored it (no active workspace), and its signed cookie. */
async function insertSession(userId: string): Promise<string> {
  const { db, dialect } = database;
  const date = (at: number) => (dialect === 'sqlite' ? new Date(at).toISOString() : new Date(at));
  const token = `token-${userId}`;
  await db
    .insertInto('session')
    .values({
      id: `session-${userId}`,
      token,
      userId,
      expiresAt: date(Date.now() + 86_400_000),
      createdAt: date(NOW),
      updatedAt: date(NOW),
      ipAddress: null,
      userAgent: null,
    } as never)
    .execute();
  const signed = `${token}.${await makeSignature(token, TEST_SECRET)}`;
  return `better-auth.session_token=${encodeURIComponent(signed)}`;
}

it('gives every existing user a personal workspace keyed by their own id, holding what they owned', async () => {
  const { db, dialect } = database;
  const owners = [await insertOwner(db, dialect), await insertOwner(db, dialect)];
  const monitors = owners.map((owner, i) => monitorRow(owner, `https://site-${i}.example.com`, NOW));
  await insertMonitors(db, monitors);
  const cookies = await Promise.all(owners.map(insertSession));

  expect(await migrateToLatest(db, dialect, '0023-workspaces')).toEqual(['0023-workspaces']);

  const workspaces = await db.selectFrom('organization').select(['id', 'name']).orderBy('id').execute();
  expect(workspaces).toEqual([...owners].sort().map((id) => ({ id, name: "Bulk Owner's workspace" })));
  const members = await db.selectFrom('member').select(['organizationId', 'userId', 'role']).execute();
  expect(members.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
    [...owners].sort().map((id) => ({ organizationId: id, userId: id, role: 'owner' })),
  );
  const sessions = await db.selectFrom('session').select(['userId', 'activeOrganizationId']).execute();
  for (const session of sessions) expect(session.activeOrganizationId).toBe(session.userId);

  // Each signed-in owner works in their workspace and sees their own monitor there, only.
  await migrateToLatest(db, dialect);
  const { app } = buildApp(database);
  for (const [i, cookie] of cookies.entries()) {
    const headers = { cookie, origin: TEST_PUBLIC_URL };
    const list = await app.request('/api/v1/workspaces', { headers });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      workspaces: [
        {
          id: owners[i],
          name: "Bulk Owner's workspace",
          role: 'owner',
          active: true,
          requireTwoFactor: false,
        },
      ],
    });
    const page = (await (await app.request('/api/v1/monitors', { headers })).json()) as {
      monitors: { id: string }[];
    };
    expect(page.monitors.map((monitor) => monitor.id)).toEqual([monitors[i]?.id]);
  }
});
