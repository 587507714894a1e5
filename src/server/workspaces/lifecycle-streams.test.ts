// A hand-over demotes the old owner and a deletion ends everyone's access: open event streams
// opened with the old access end within a second, as on a demotion or a removal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectEndWithinASecond, type HeldStream, holdStream } from '../event-streams/test/stream-end.ts';
import { ManualClock } from '../platform/clock.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { listen } from '../test/listen.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

let t: TestApp;
let server: { url: string; close(): Promise<void> };
let ada: TestUser;
let grace: TestUser;
const held: HeldStream[] = [];

function send(user: TestUser, method: string, path: string, body?: unknown) {
  return t.request(`/api/v1${path}`, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function stream(user: TestUser): Promise<HeldStream> {
  const opened = await holdStream(`${server.url}/api/v1/events`, { cookie: user.cookie });
  held.push(opened);
  return opened;
}

beforeEach(async () => {
  t = await createTestApp(
    {},
    { events: createLocalEventBus(), clock: new ManualClock(Date.UTC(2026, 10, 1)) },
  );
  server = await listen(t.app);
  ada = await createUser(t.auth);
  grace = await createUser(t.auth);
  // Ada's session works in the shared workspace from its creation on.
  const created = await send(ada, 'POST', '/workspaces', { name: 'Agency' });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await joinWorkspace(t.database.db, t.database.dialect, id, grace.id, 'admin');
  const switched = await t.request('/api/auth/organization/set-active', {
    method: 'POST',
    headers: { cookie: grace.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId: id }),
  });
  expect(switched.status).toBe(200);
});
afterEach(async () => {
  for (const opened of held.splice(0)) await opened.cancel();
  await server.close();
  await t.close();
});

describe("a workspace's open event streams", () => {
  it("end for the old owner within a second of handing the workspace over; the new owner's stays", async () => {
    const adas = await stream(ada);
    const graces = await stream(grace);
    await expectEndWithinASecond([adas], async () =>
      expect((await send(ada, 'POST', '/workspace/transfer', { userId: grace.id })).status).toBe(204),
    );
    // As long as Ada's took to end, and as long again: Grace's recheck has run by then.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(graces.open()).toBe(true);
  });

  it('end for every member within a second of the workspace being deleted', async () => {
    const streams = [await stream(ada), await stream(grace)];
    await expectEndWithinASecond(streams, async () =>
      expect((await send(ada, 'DELETE', '/workspace', { name: 'Agency' })).status).toBe(204),
    );
  });
});
