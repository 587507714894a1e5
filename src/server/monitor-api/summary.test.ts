import { uuidv7 } from 'uuidv7';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import type { MonitorStatus } from '../platform/db/schema.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 40);
let t: TestApp;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(NOW);
  t = await createTestApp({}, { clock });
});
afterEach(async () => {
  await t.close();
});

async function giveMonitors(user: TestUser, statuses: MonitorStatus[]) {
  const rows = statuses.map((status, i) =>
    monitorRow(user.id, `https://s${i}.example.com`, NOW, { status, paused: status === 'paused' ? 1 : 0 }),
  );
  await insertMonitors(t.database.db, rows);
  return rows.map((row) => row.id);
}

async function giveIncidents(user: TestUser, resolvedAt: (number | null)[]) {
  const rows = resolvedAt.map(
    (resolved): IncidentTable => ({
      id: uuidv7(),
      workspace_id: user.id,
      title: 'Checkout errors',
      status: resolved === null ? 'identified' : 'resolved',
      severity: 'major',
      source: 'manual',
      primary_monitor_id: null,
      started_at: NOW - 3_600_000,
      acknowledged_at: null,
      resolved_at: resolved,
      flapping_since: null,
      down_alerted: 0,
      recovery_alerted: 0,
      root_cause: null,
      summary: null,
      follow_ups: null,
      created_at: NOW - 3_600_000,
      updated_at: NOW - 3_600_000,
    }),
  );
  await t.database.db.insertInto('incidents').values(rows).execute();
}

const summaryOf = async (user: TestUser) => {
  const response = await t.request('/api/v1/monitors/summary', { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  return response.json();
};

it('counts every monitor of the account by status, and its unresolved incidents', async () => {
  const owner = await createUser(t.auth);
  // More monitors than a list page holds: the counts are not the loaded page's.
  await giveMonitors(owner, [
    ...Array<MonitorStatus>(55).fill('up'),
    'up',
    'degraded',
    'degraded',
    'down',
    'paused',
    'pending',
  ]);
  await giveIncidents(owner, [null, null, NOW - 60_000]);

  expect(await summaryOf(owner)).toEqual({
    total: 61,
    byStatus: { up: 56, degraded: 2, down: 1, paused: 1, pending: 1, stale: 0 },
    openIncidents: 2,
    scheduler: { lagMs: null, late: false },
  });
});

it("never counts another user's monitors or incidents", async () => {
  const alice = await createUser(t.auth);
  const bob = await createUser(t.auth);
  await giveMonitors(alice, ['up', 'down', 'down']);
  await giveIncidents(alice, [null]);
  await giveMonitors(bob, ['paused']);

  expect(await summaryOf(bob)).toEqual({
    total: 1,
    byStatus: { up: 0, degraded: 0, down: 0, paused: 1, pending: 0, stale: 0 },
    openIncidents: 0,
    scheduler: { lagMs: null, late: false },
  });
  expect((await summaryOf(alice)).total).toBe(3);
});

it('answers a new account with zeros, and a visitor with 401', async () => {
  const fresh = await createUser(t.auth);
  expect(await summaryOf(fresh)).toEqual({
    total: 0,
    byStatus: { up: 0, degraded: 0, down: 0, paused: 0, pending: 0, stale: 0 },
    openIncidents: 0,
    scheduler: { lagMs: null, late: false },
  });
  expect((await t.request('/api/v1/monitors/summary')).status).toBe(401);
});

it('counts a monitor with no result for twice its interval plus its timeout as stale, not as its last status', async () => {
  const owner = await createUser(t.auth);
  const [late, onTime, paused] = await giveMonitors(owner, ['up', 'down', 'paused']);
  // Hourly monitors with a 10 s timeout: stale after 2 h 10 s without a result.
  const { db } = t.database;
  const checkedAt = (id: string | undefined, at: number) =>
    db
      .updateTable('monitors')
      .set({ created_at: NOW - 86_400_000, last_status_change_at: NOW - 86_400_000, last_checked_at: at })
      .where('id', '=', id as string)
      .execute();
  await checkedAt(late, NOW - 7_211_000);
  await checkedAt(onTime, NOW - 7_209_000);
  await checkedAt(paused, NOW - 86_400_000);
  expect((await summaryOf(owner)).byStatus).toEqual({
    up: 0,
    degraded: 0,
    down: 1,
    paused: 1,
    pending: 0,
    stale: 1,
  });
  clock.advance(2_000);
  expect((await summaryOf(owner)).byStatus).toEqual({
    up: 0,
    degraded: 0,
    down: 0,
    paused: 1,
    pending: 0,
    stale: 2,
  });
});

it("says checks run late with the live workers' worst start lag, and forgets a worker that stopped", async () => {
  const owner = await createUser(t.auth);
  const worker = (id: string, lag: number | null, lastSeen: number) => ({
    id,
    region: 'local',
    host: 'test',
    pid: 1,
    started_at: NOW - 60_000,
    last_seen_at: lastSeen,
    stopped_at: null,
    checks_per_minute: 100,
    lag_p99_ms: lag,
  });
  await t.database.db
    .insertInto('workers')
    .values([
      worker('w-1', 1_200, NOW),
      worker('w-2', 42_000, NOW - 1_000),
      worker('w-gone', 900_000, NOW - 60_000),
    ])
    .execute();
  expect((await summaryOf(owner)).scheduler).toEqual({ lagMs: 42_000, late: true });
  await t.database.db.updateTable('workers').set({ lag_p99_ms: 9_000 }).where('id', '=', 'w-2').execute();
  expect((await summaryOf(owner)).scheduler).toEqual({ lagMs: 9_000, late: false });
});
