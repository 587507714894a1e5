import { uuidv7 } from 'uuidv7';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MonitorStatus } from '../../core/api/monitors.ts';
import type { IncidentTable } from '../db/incident-schema.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertMonitors, monitorRow } from '../test/monitor-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 40);
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
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
      user_id: user.id,
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
    byStatus: { up: 56, degraded: 2, down: 1, paused: 1, pending: 1 },
    openIncidents: 2,
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
    byStatus: { up: 0, degraded: 0, down: 0, paused: 1, pending: 0 },
    openIncidents: 0,
  });
  expect((await summaryOf(alice)).total).toBe(3);
});

it('answers a new account with zeros, and a visitor with 401', async () => {
  const fresh = await createUser(t.auth);
  expect(await summaryOf(fresh)).toEqual({
    total: 0,
    byStatus: { up: 0, degraded: 0, down: 0, paused: 0, pending: 0 },
    openIncidents: 0,
  });
  expect((await t.request('/api/v1/monitors/summary')).status).toBe(401);
});
