// The move to workspaces, on a database the release before it made: two people's whole accounts
// land in their personal workspaces with every row and id as it was, and each works on as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { ManualClock } from '../../clock.ts';
import { migrateToLatest } from '../migrate.ts';
import { ownerColumnNow } from './test/before-workspace-ids.ts';
import { insertLegacyAccount, type LegacyAccount } from './test/legacy-data-set.ts';
import { asBefore, snapshotTables } from './test/table-snapshot.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let database: TestDatabase;
let accounts: LegacyAccount[];
let app: ReturnType<typeof buildApp>['app'];

beforeEach(async () => {
  database = await createTestDatabase({ until: '0022-compact-check-results' });
  const clock = new ManualClock(NOW);
  accounts = [
    await insertLegacyAccount(database, clock, 'Ada'),
    await insertLegacyAccount(database, clock, 'Grace'),
  ];
});
afterEach(async () => {
  await database.destroy();
});

async function get<T>(account: LegacyAccount, path: string, bearer = false): Promise<T> {
  const headers: Record<string, string> = bearer
    ? { authorization: `Bearer ${account.apiKey}` }
    : { cookie: account.cookie, origin: TEST_PUBLIC_URL };
  const response = await app.request(path, { headers });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

describe('migration 0023 and every one after it', () => {
  it('keeps every row and id of two full accounts, each now in its personal workspace', async () => {
    const { db, dialect } = database;
    const before = await snapshotTables(db, dialect);
    expect(before.get('check_results')?.length).toBeGreaterThan(0);
    expect(before.get('billing_referral_codes')?.length).toBe(2);

    await migrateToLatest(db, dialect);

    const after = await snapshotTables(db, dialect);
    expect(asBefore(before, after, ownerColumnNow)).toEqual(before);
    const workspaces = await db.selectFrom('organization').select(['id', 'name']).orderBy('name').execute();
    expect(workspaces).toEqual(accounts.map((a) => ({ id: a.userId, name: `${a.name}'s workspace` })));
    const members = await db.selectFrom('member').select(['organizationId', 'userId', 'role']).execute();
    expect(members.sort((a, b) => a.organizationId.localeCompare(b.organizationId))).toEqual(
      accounts.map((a) => ({ organizationId: a.userId, userId: a.userId, role: 'owner' })),
    );
    // What a workspace owns now hangs from the workspace: deleting one takes exactly its things.
    const [ada, grace] = accounts as [LegacyAccount, LegacyAccount];
    await db.deleteFrom('organization').where('id', '=', ada.userId).execute();
    for (const table of ['monitors', 'alert_channels', 'status_pages', 'incidents', 'deployments'] as const) {
      const owners = await db.selectFrom(table).select('workspace_id').execute();
      expect(new Set(owners.map((row) => row.workspace_id)), table).toEqual(new Set([grace.userId]));
    }
    const keys = await db.selectFrom('api_keys').select(['workspace_id', 'created_by', 'role']).execute();
    for (const key of keys)
      expect(key).toEqual({ workspace_id: key.workspace_id, created_by: key.workspace_id, role: 'member' });
  });

  it('lets each person work on in their workspace, by session and by their old API key, seeing only their own', async () => {
    await migrateToLatest(database.db, database.dialect);
    ({ app } = buildApp(database));
    for (const account of accounts) {
      const { workspaces } = await get<{ workspaces: { id: string; role: string; active: boolean }[] }>(
        account,
        '/api/v1/workspaces',
      );
      expect(workspaces).toEqual([
        expect.objectContaining({ id: account.userId, role: 'owner', active: true }),
      ]);
      for (const bearer of [false, true]) {
        const { monitors } = await get<{ monitors: { id: string }[] }>(account, '/api/v1/monitors', bearer);
        expect(monitors.map((m) => m.id)).toEqual([account.monitorId]);
      }
      const channels = await get<{ channelIds: string[] }>(
        account,
        `/api/v1/monitors/${account.monitorId}/alert-channels`,
      );
      expect(channels.channelIds).toEqual([account.channelId]);
      const { statusPages } = await get<{ statusPages: { slug: string }[] }>(account, '/api/v1/status-pages');
      expect(statusPages.map((page) => page.slug)).toEqual([account.statusPageSlug]);
      const { incidents } = await get<{ incidents: unknown[] }>(account, '/api/v1/incidents');
      expect(incidents).toHaveLength(1);
      const plan = await get<{ plan: string }>(account, '/api/v1/me/plan');
      expect(plan.plan).toBe('pro');
    }
    const [ada, grace] = accounts as [LegacyAccount, LegacyAccount];
    const foreign = await app.request(`/api/v1/monitors/${grace.monitorId}`, {
      headers: { authorization: `Bearer ${ada.apiKey}` },
    });
    expect(foreign.status).toBe(404);
  });
});
