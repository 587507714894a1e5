// Reading the audit log: filters, pages, the client's address, one workspace's events only, and
// nothing recorded for a change that was refused or rolled back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEventList } from '../../core/api/audit.ts';
import { ManualClock } from '../platform/clock.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

const NOW = Date.UTC(2026, 10, 25, 9);
let clock: ManualClock;
let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  clock = new ManualClock(NOW);
  // Behind a proxy, so a request can say which address it came from.
  t = await createTestApp({ trustProxy: true }, { clock });
  owner = await createUser(t.auth);
  await t.grant(owner.id, 'pro');
});
afterEach(async () => {
  await t.close();
});

function send(user: TestUser, method: string, path: string, body?: unknown, address = '203.0.113.7') {
  return t.request(`/api/v1${path}`, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function log(user: TestUser, query = ''): Promise<AuditEventList> {
  const response = await send(user, 'GET', `/audit-events${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AuditEventList;
}

async function createMonitor(user: TestUser, name: string, address?: string) {
  const response = await send(
    user,
    'POST',
    '/monitors',
    { name, url: `https://${name}.example.com` },
    address,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

describe('the audit log', () => {
  it('names the resource, the actor and their address, newest first', async () => {
    const shop = await createMonitor(owner, 'shop', '198.51.100.4');
    clock.advance(1000);
    await send(owner, 'DELETE', `/monitors/${shop.id}`);
    const { events } = await log(owner);
    expect(events.map((event) => [event.action, event.resource.name, event.at])).toEqual([
      ['monitor.delete', 'shop', NOW + 1000],
      ['monitor.create', 'shop', NOW],
    ]);
    expect(events[1]?.resource).toEqual({ type: 'monitor', id: shop.id, name: 'shop' });
    expect(events[1]?.actor).toEqual({ id: owner.id, name: owner.name, apiKey: null });
    expect(events[1]?.address).toBe('198.51.100.4');
  });

  it('filters by actor, resource type and time, and pages with a cursor', async () => {
    const grace = await createUser(t.auth);
    await joinWorkspace(t.database.db, t.database.dialect, owner.id, grace.id, 'member');
    for (let i = 0; i < 3; i++) {
      await createMonitor(i === 1 ? grace : owner, `m${i}`);
      clock.advance(1000);
    }
    const page = await send(owner, 'POST', '/status-pages', { name: 'Acme', slug: 'acme-log' });
    expect(page.status).toBe(201);

    expect((await log(owner, `?actor=${grace.id}`)).events.map((e) => e.resource.name)).toEqual(['m1']);
    expect((await log(owner, '?resourceType=status_page')).events.map((e) => e.action)).toEqual([
      'status_page.create',
    ]);
    const window = await log(owner, `?since=${NOW + 1000}&until=${NOW + 3000}`);
    expect(window.events.map((e) => e.resource.name)).toEqual(['m2', 'm1']);

    const first = await log(owner, '?limit=3');
    expect(first.events.map((e) => e.resource.name)).toEqual(['Acme', 'm2', 'm1']);
    expect(first.nextCursor).not.toBeNull();
    const second = await log(owner, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.events.map((e) => e.resource.name)).toEqual(['m0']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a reversed time range and a cursor it did not issue with 400', async () => {
    const reversed = await send(owner, 'GET', `/audit-events?since=${NOW}&until=${NOW - 1}`);
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as { error: { code: string } }).error.code).toBe('invalid_range');
    const cursor = await send(owner, 'GET', '/audit-events?cursor=nonsense');
    expect(cursor.status).toBe(400);
    expect(((await cursor.json()) as { error: { code: string } }).error.code).toBe('invalid_cursor');
  });

  it('records nothing for a change refused or rolled back', async () => {
    const free = await createUser(t.auth);
    // The free plan's monitor limit refuses the next one inside the write's transaction.
    let status = 201;
    let created = 0;
    while (status === 201 && created < 100) {
      status = (await send(free, 'POST', '/monitors', { name: `f${created}`, url: 'https://f.example.com' }))
        .status;
      if (status === 201) created++;
    }
    expect(status).toBe(403);
    expect((await log(free)).events).toHaveLength(created);
    expect((await send(free, 'PATCH', '/monitors/unknown', { name: 'x' })).status).toBe(404);
    expect((await log(free)).events).toHaveLength(created);
  });

  it("shows a workspace's events to its members only, viewers included", async () => {
    await createMonitor(owner, 'private');
    const viewer = await createUser(t.auth);
    await joinWorkspace(t.database.db, t.database.dialect, owner.id, viewer.id, 'viewer');
    const stranger = await createUser(t.auth);
    expect((await log(viewer)).events.map((e) => e.resource.name)).toEqual(['private']);
    expect((await log(stranger)).events).toEqual([]);
    expect((await log(stranger, `?actor=${owner.id}`)).events).toEqual([]);
  });
});
