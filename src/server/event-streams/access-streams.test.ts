// Open event streams end within a second of the access they were opened with ending: a removal,
// a demotion, a revoked key, a sign-out. Held open over a real socket, by cookie and by key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createLocalEventBus, type EventBus } from '../platform/events/bus.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { listen } from '../test/listen.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { expectEndWithinASecond, type HeldStream, holdStream } from './test/stream-end.ts';

let t: TestApp;
let bus: EventBus;
let server: { url: string; close(): Promise<void> };
let owner: TestUser;
let grace: TestUser;
const held: HeldStream[] = [];

beforeEach(async () => {
  bus = createLocalEventBus();
  t = await createTestApp({}, { events: bus, clock: new ManualClock(Date.UTC(2026, 10, 1)) });
  server = await listen(t.app);
  owner = await createUser(t.auth);
  await t.grant(owner.id, 'pro');
  grace = await createUser(t.auth);
  await joinWorkspace(t.database.db, t.database.dialect, owner.id, grace.id, 'member');
});
afterEach(async () => {
  for (const stream of held.splice(0)) await stream.cancel();
  await server.close();
  await t.close();
});

function send(user: TestUser, method: string, path: string, body?: unknown) {
  return t.request(path, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function keyOf(user: TestUser) {
  const response = await send(user, 'POST', '/api/v1/api-keys', { name: 'CI', role: 'member' });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; key: string };
}

async function stream(headers: Record<string, string>) {
  const opened = await holdStream(`${server.url}/api/v1/events`, headers);
  held.push(opened);
  return opened;
}

const byCookie = (user: TestUser) => stream({ cookie: user.cookie });
const byKey = (key: string) => stream({ authorization: `Bearer ${key}` });

/** The owner's own stream still delivers the workspace's events. */
async function stillDelivers(owners: HeldStream) {
  bus.publish([
    { type: 'monitor.down', workspaceId: owner.id, monitorId: 'm1', at: 1, from: 'up', to: 'down' },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(owners.open()).toBe(true);
}

describe('an open event stream', () => {
  it("ends within a second of its person's removal, by cookie and by key; the owner's stays", async () => {
    const key = await keyOf(grace);
    const cookieStream = await byCookie(grace);
    const keyStream = await byKey(key.key);
    const owners = await byCookie(owner);

    await expectEndWithinASecond([cookieStream, keyStream], async () =>
      expect((await send(owner, 'DELETE', `/api/v1/workspace/members/${grace.id}`)).status).toBe(204),
    );
    await stillDelivers(owners);
  });

  it('ends within a second of a demotion, by cookie and by key', async () => {
    const key = await keyOf(grace);
    const cookieStream = await byCookie(grace);
    const keyStream = await byKey(key.key);

    await expectEndWithinASecond([cookieStream, keyStream], async () =>
      expect(
        (await send(owner, 'PATCH', `/api/v1/workspace/members/${grace.id}`, { role: 'viewer' })).status,
      ).toBe(204),
    );
  });

  it("ends within a second of its key's revocation; its person's cookie stream stays", async () => {
    const key = await keyOf(grace);
    const keyStream = await byKey(key.key);
    const cookieStream = await byCookie(grace);

    await expectEndWithinASecond([keyStream], async () =>
      expect((await send(grace, 'DELETE', `/api/v1/api-keys/${key.id}`)).status).toBe(204),
    );
    expect(cookieStream.open()).toBe(true);
  });

  it('ends within a second of its session signing out', async () => {
    const cookieStream = await byCookie(grace);
    await expectEndWithinASecond([cookieStream], async () =>
      expect((await send(grace, 'POST', '/api/auth/sign-out', {})).status).toBe(200),
    );
  });
});
