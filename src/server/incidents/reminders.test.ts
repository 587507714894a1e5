// Per-monitor alert settings on the real engine: "still down" reminders until acknowledged,
// and slow-answer alerts after two slow checks running (a real SMTP server, a ManualClock).
import { afterEach, describe, expect, it } from 'vitest';
import { type OutageHarness, startOutageHarness } from './test/outage-harness.ts';

let h: OutageHarness;
afterEach(async () => {
  await h?.close();
});

const MINUTE = 60_000;

async function stepUntil(done: () => Promise<boolean>, limit = 200) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await h.step();
  }
  throw new Error(`not reached within ${limit} checks`);
}

const statusOf = (id: string) => async () =>
  (await h.app.db.selectFrom('monitors').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

async function settings(id: string, body: unknown) {
  const response = await h.app.send(h.owner, 'PATCH', `/monitors/${id}/alert-settings`, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Runs every check due within the next `ms`. */
async function passTime(ms: number) {
  const until = h.app.clock.now() + ms;
  while (h.app.clock.now() < until) await h.step(until - h.app.clock.now());
}

describe('reminders while down', () => {
  it('remind every 5 minutes until the incident is acknowledged, then stop', async () => {
    h = await startOutageHarness({ plan: 'pro' });
    const { id } = await h.monitor();
    await settings(id, { renotifyMinutes: 5 });
    await stepUntil(async () => (await statusOf(id)()) === 'up');
    h.answer('error');
    await stepUntil(async () => (await statusOf(id)()) === 'down');
    await h.step(1);
    expect(h.subjects()).toEqual(['[Down] api.example.com — 503 Service Unavailable']);

    await passTime(11 * MINUTE);
    const reminders = h.subjects().filter((subject) => subject.startsWith('[Still down]'));
    expect(reminders).toHaveLength(2);
    expect(reminders[0]).toMatch(/^\[Still down\] api\.example\.com — still down after [56] min$/);

    const [incident] = await h.incidents();
    const ack = await h.app.send(h.owner, 'POST', `/incidents/${incident?.id}/acknowledge`);
    expect(ack.status, await ack.clone().text()).toBe(200);
    await passTime(20 * MINUTE);
    expect(h.subjects().filter((subject) => subject.startsWith('[Still down]'))).toHaveLength(2);
  });

  it('send nothing more once the monitor recovers, and nothing at all when off', async () => {
    h = await startOutageHarness({ plan: 'pro' });
    const { id } = await h.monitor();
    await stepUntil(async () => (await statusOf(id)()) === 'up');
    h.answer('error');
    await stepUntil(async () => (await statusOf(id)()) === 'down');
    await passTime(30 * MINUTE);
    expect(h.subjects()).toEqual(['[Down] api.example.com — 503 Service Unavailable']);

    // Turned on during the outage: reminders from now on, until it recovers.
    await settings(id, { renotifyMinutes: 10 });
    await passTime(10 * MINUTE + 1000);
    expect(h.subjects().filter((subject) => subject.startsWith('[Still down]'))).toHaveLength(1);
    h.answer('ok');
    await stepUntil(async () => (await statusOf(id)()) === 'up');
    await passTime(30 * MINUTE);
    expect(h.subjects().filter((subject) => subject.startsWith('[Still down]'))).toHaveLength(1);
    const [incident] = await h.incidents();
    expect(incident?.renotify_at).toBeNull();
  });
});

describe('slow-answer alerts', () => {
  it('alert after two slow checks running, once, and again when back to normal speed', async () => {
    h = await startOutageHarness({ plan: 'pro' });
    const { id } = await h.monitor();
    const patched = await h.app.send(h.owner, 'PATCH', `/monitors/${id}`, { degradedAboveMs: 30 });
    expect(patched.status).toBe(200);
    await settings(id, { alertOnDegraded: true });
    await stepUntil(async () => (await statusOf(id)()) === 'up');

    // One slow answer alone says nothing.
    h.answer('slow');
    await stepUntil(async () => (await statusOf(id)()) === 'degraded');
    h.answer('ok');
    await stepUntil(async () => (await statusOf(id)()) === 'up');
    expect(h.subjects()).toEqual([]);

    h.answer('slow');
    for (let i = 0; i < 5; i++) await h.step();
    expect(h.subjects()).toEqual([
      expect.stringMatching(/^\[Slow\] api\.example\.com — answering in \d+ ms$/),
    ]);
    h.answer('ok');
    await stepUntil(async () => (await statusOf(id)()) === 'up');
    await h.step(1);
    expect(h.subjects()).toHaveLength(2);
    expect(h.subjects()[1]).toMatch(
      /^\[Back to normal speed\] api\.example\.com — answering in \d+ ms again$/,
    );
    expect(await h.incidents()).toEqual([]);
  });
});
