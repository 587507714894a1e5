// Heartbeat states through the real app: pings on the public endpoint, the check job judging
// deadlines, incidents and mail to a real SMTP server — on a ManualClock, never sleeping.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HeartbeatHarness, startHeartbeatHarness } from './test/heartbeat-harness.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
let h: HeartbeatHarness;

afterEach(async () => {
  await h.close();
});

describe('a missed run', () => {
  beforeEach(async () => {
    h = await startHeartbeatHarness({ smtp: true });
  });

  it('is late at its due time, down at due + grace with one incident and one Down mail, and the next ping recovers it with one Recovered mail', async () => {
    const monitor = await h.create({ name: 'Nightly backup', periodSeconds: 300, graceSeconds: 120 });
    expect(monitor).toMatchObject({ status: 'pending', late: false, nextDueAt: null, nextRunAt: null });
    const t0 = h.app.clock.now();
    expect((await h.ping(monitor)).status).toBe(200);
    expect(await h.get(monitor.id)).toMatchObject({ status: 'up', late: false, nextDueAt: t0 + 5 * MINUTE });

    await h.advanceTo(t0 + 5 * MINUTE + SECOND);
    expect(await h.get(monitor.id)).toMatchObject({ status: 'up', late: true });
    expect(h.subjects()).toEqual([]);

    // Judged 2 s after the grace runs out (JUDGED_AFTER_MS).
    await h.advanceTo(t0 + 7 * MINUTE + 2 * SECOND);
    const down = await h.get(monitor.id);
    expect(down).toMatchObject({ status: 'down', late: false });
    const [missed] = (await h.results(monitor.id)).filter((r) => r.status === 'down');
    expect(missed?.failure_code).toBe('heartbeat_missed');
    expect(missed?.failure_message).toBe(
      `No ping since ${new Date(t0).toISOString()}, expected by ${new Date(t0 + 5 * MINUTE).toISOString()} (grace 2 min).`,
    );
    expect(missed?.checked_at).toBe(t0 + 7 * MINUTE + 2 * SECOND);

    // Further missed runs keep it down without a second incident or mail.
    await h.advanceTo(t0 + 30 * MINUTE);
    expect(await h.incidents()).toHaveLength(1);
    expect(h.subjects()).toEqual([expect.stringMatching(/^\[Down\] Nightly backup — /)]);

    expect((await h.ping(monitor)).status).toBe(200);
    await h.app.deliver();
    expect((await h.get(monitor.id)).status).toBe('up');
    const [incident] = await h.incidents();
    expect(incident?.status).toBe('resolved');
    expect(h.subjects()).toEqual([
      expect.stringMatching(/^\[Down\] Nightly backup — /),
      expect.stringMatching(/^\[Recovered\] Nightly backup — back up after /),
    ]);
  });
});

describe('a ping just before the deadline', () => {
  beforeEach(async () => {
    h = await startHeartbeatHarness({ smtp: true });
  });

  it('counts, though the check job claimed the monitor ahead of its deadline: no Down, no incident, no mail', async () => {
    const monitor = await h.create({ name: 'Nightly backup', periodSeconds: 300, graceSeconds: 120 });
    const t0 = h.app.clock.now();
    await h.ping(monitor);
    const deadline = t0 + 7 * MINUTE;
    await h.advanceTo(deadline - SECOND);
    // A round of the check job a second before the deadline: it claims what falls due within its
    // look-ahead (1.5 s) and starts each at its due time on a timer.
    await h.checks.run(new AbortController().signal);
    h.app.clock.advance(700);
    expect((await h.ping(monitor)).status).toBe(200);
    // Past the deadline: whatever the job armed has run; its next rounds store it.
    h.app.clock.advance(5 * SECOND);
    for (let round = 0; round < 50 && h.checks.depth().inFlight > 0; round++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await h.evaluate();

    expect((await h.results(monitor.id)).filter((result) => result.status === 'down')).toEqual([]);
    expect(await h.incidents()).toEqual([]);
    expect(h.subjects()).toEqual([]);
    expect(await h.get(monitor.id)).toMatchObject({ status: 'up', nextDueAt: deadline - 300 + 5 * MINUTE });
  });
});

describe('runs that report', () => {
  beforeEach(async () => {
    h = await startHeartbeatHarness();
  });

  it.each([['/fail'], ['/1']])('goes down at once on %s, with no confirmation delay', async (suffix) => {
    const monitor = await h.create({ periodSeconds: 3600, graceSeconds: 600 });
    await h.ping(monitor);
    // In the same millisecond as the success: a result is keyed by monitor and millisecond, so the
    // report is stored a millisecond later rather than lost.
    expect((await h.ping(monitor, suffix)).status).toBe(200);
    expect((await h.get(monitor.id)).status).toBe('down');
    const results = await h.results(monitor.id);
    expect(results.map((result) => result.checked_at - (results[0]?.checked_at ?? 0))).toEqual([0, 1]);
    const failed = results.at(-1);
    // Judged by the ping itself (its region), not later by the check job.
    expect(failed).toMatchObject({ status: 'down', failure_code: 'heartbeat_failed', region: 'ping' });
    expect(await h.incidents()).toHaveLength(1);
    await h.ping(monitor, '/0');
    expect((await h.get(monitor.id)).status).toBe('up');
  });

  it('records the duration of a run from /start to its success, paired by rid when runs overlap', async () => {
    const monitor = await h.create({ periodSeconds: 3600, graceSeconds: 600 });
    await h.ping(monitor, '/start?rid=a');
    h.app.clock.advance(20 * SECOND);
    await h.ping(monitor, '/start?rid=b');
    h.app.clock.advance(25 * SECOND);
    await h.ping(monitor, '?rid=a');
    h.app.clock.advance(5 * SECOND);
    await h.ping(monitor, '/0?rid=b');
    const { pings } = await (await h.app.send(h.owner, 'GET', `/monitors/${monitor.id}/pings`)).json();
    expect(
      pings.map((p: { kind: string; rid: string; durationMs: number | null }) => [
        p.kind,
        p.rid,
        p.durationMs,
      ]),
    ).toEqual([
      ['exit', 'b', 30 * SECOND],
      ['success', 'a', 45 * SECOND],
      ['start', 'b', null],
      ['start', 'a', null],
    ]);
    expect((await h.get(monitor.id)).status).toBe('up');
  });

  it('goes down when a /start gets no success within the grace time', async () => {
    const monitor = await h.create({ periodSeconds: 3600, graceSeconds: 120 });
    await h.ping(monitor);
    const started = h.app.clock.now() + 10 * MINUTE;
    await h.advanceTo(started);
    await h.ping(monitor, '/start');
    expect((await h.get(monitor.id)).nextRunAt).toBe(started + 2 * MINUTE + 2 * SECOND);
    await h.advanceTo(started + 2 * MINUTE + 2 * SECOND);
    expect((await h.get(monitor.id)).status).toBe('down');
    expect((await h.results(monitor.id)).at(-1)?.failure_code).toBe('heartbeat_run_timeout');
  });
});
