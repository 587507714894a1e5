import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { type AppEvent, createLocalEventBus, type EventBus } from '../platform/events/bus.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { listen } from '../test/listen.ts';
import { readSse, type SseReader } from '../test/sse-reader.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

let t: TestApp;
let bus: EventBus;
let clock: ManualClock;
let server: { url: string; close(): Promise<void> };
const readers: SseReader[] = [];

beforeEach(async () => {
  bus = createLocalEventBus();
  clock = new ManualClock(Date.UTC(2026, 10, 1));
  t = await createTestApp({}, { events: bus, clock });
  server = await listen(t.app);
});
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await server.close();
  await t.close();
});

async function open(user: TestUser, query = ''): Promise<SseReader> {
  const response = await fetch(`${server.url}/api/v1/events${query}`, { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = readSse(response);
  readers.push(reader);
  await reader.next((event) => event.event === 'ready');
  return reader;
}

function result(user: TestUser, monitorId: string, status: 'up' | 'down' = 'up'): AppEvent {
  return {
    type: 'check.result',
    workspaceId: user.id,
    monitorId,
    at: clock.now(),
    status,
    statusCode: status === 'up' ? 200 : 503,
    latencyMs: 120,
    failure: null,
    region: 'local',
  };
}

async function createMonitor(user: TestUser): Promise<string> {
  const response = await t.request('/api/v1/monitors', {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Shop', url: 'https://shop.example.com' }),
  });
  return (await response.json()).id;
}

describe('the event stream', () => {
  it("delivers a user's own events within a second, and never another user's", async () => {
    const ada = await createUser(t.auth);
    const bob = await createUser(t.auth);
    const adaStream = await open(ada);
    const bobStream = await open(bob);

    bus.publish([result(bob, 'bobs-monitor'), result(ada, 'adas-monitor', 'down')]);
    bus.publish([
      { type: 'monitor.down', workspaceId: ada.id, monitorId: 'adas-monitor', at: 1, from: 'up', to: 'down' },
    ]);

    const received = await adaStream.next((event) => event.event === 'monitor.down');
    expect(received.data).toEqual({ monitorId: 'adas-monitor', at: 1, from: 'up', to: 'down' });
    expect(adaStream.events.filter((event) => event.event === 'check.result')).toMatchObject([
      { data: { monitorId: 'adas-monitor', status: 'down', statusCode: 503 } },
    ]);
    await bobStream.next((event) => event.event === 'check.result');
    expect(bobStream.events.map((event) => (event.data as { monitorId?: string }).monitorId)).not.toContain(
      'adas-monitor',
    );
    expect(JSON.stringify(adaStream.events)).not.toContain(ada.id);
  });

  it("delivers a shared workspace's events to its members, and none of it to a member of another", async () => {
    const ada = await createUser(t.auth);
    const grace = await createUser(t.auth);
    const bob = await createUser(t.auth);
    await joinWorkspace(t.database.db, t.database.dialect, ada.id, grace.id, 'viewer');
    const graceStream = await open(grace);
    const bobStream = await open(bob);

    // An event's owner is the workspace (Ada's), whoever acts in it.
    bus.publish([result(ada, 'shared-monitor', 'down'), result(bob, 'bobs-monitor')]);
    const seen = await graceStream.next((event) => event.event === 'check.result');
    expect(seen.data).toMatchObject({ monitorId: 'shared-monitor', status: 'down' });
    await bobStream.next((event) => event.event === 'check.result');
    expect(JSON.stringify(bobStream.events)).not.toContain('shared-monitor');
    expect(JSON.stringify(graceStream.events)).not.toContain('bobs-monitor');
  });

  it('sends a heartbeat every 20 s of the clock', async () => {
    const user = await createUser(t.auth);
    const stream = await open(user);
    clock.advance(19_999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.events.some((event) => event.event === 'ping')).toBe(false);
    clock.advance(1);
    await stream.next((event) => event.event === 'ping');
    clock.advance(20_000);
    await stream.next(
      (event) => stream.events.filter((e) => e.event === 'ping').length === 2 && event.event === 'ping',
    );
  });

  it("narrows to one monitor, and gives 404 for another user's monitor", async () => {
    const ada = await createUser(t.auth);
    const bob = await createUser(t.auth);
    const adas = await createMonitor(ada);
    const stream = await open(ada, `?monitorId=${adas}`);
    bus.publish([result(ada, 'other-monitor'), result(ada, adas)]);
    await stream.next((event) => event.event === 'check.result');
    expect(stream.events.filter((event) => event.event === 'check.result')).toHaveLength(1);

    const foreign = await fetch(`${server.url}/api/v1/events?monitorId=${adas}`, {
      headers: { cookie: bob.cookie },
    });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe('monitor_not_found');
  });

  it('requires a session', async () => {
    const response = await fetch(`${server.url}/api/v1/events`);
    expect(response.status).toBe(401);
  });
});
