// The automatic incident lifecycle on the real engine: a loopback target, the check job, the
// delivery job and a real SMTP server, all on a ManualClock.
import { afterEach, describe, expect, it } from 'vitest';
import { recordResults } from '../recording/record.ts';
import { storedResults } from '../test/result-rows.ts';
import { type OutageHarness, startOutageHarness } from './test/outage-harness.ts';

let h: OutageHarness;
afterEach(async () => {
  await h?.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function stepUntil(done: () => Promise<boolean>, limit = 50) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await h.step();
  }
  throw new Error(`not reached within ${limit} checks`);
}

const monitorStatus = async (id: string) =>
  (await h.app.db.selectFrom('monitors').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('automatic incidents', () => {
  it('a confirmed outage opens exactly one incident and one Down mail; recovery resolves it with one Recovered mail', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    await stepUntil(async () => (await monitorStatus(id)) === 'up');

    h.answer('error');
    await stepUntil(async () => (await monitorStatus(id)) === 'down');
    for (let i = 0; i < 5; i++) await h.step();
    const open = await h.incidents();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      source: 'automatic',
      status: 'investigating',
      primary_monitor_id: id,
      resolved_at: null,
    });
    expect(h.subjects()).toEqual(['[Down] api.example.com — 503 Service Unavailable']);

    h.answer('ok');
    await stepUntil(async () => (await monitorStatus(id)) === 'up');
    for (let i = 0; i < 3; i++) await h.step();
    const [resolved] = await h.incidents();
    expect(resolved?.status).toBe('resolved');
    expect(h.subjects()).toEqual([
      '[Down] api.example.com — 503 Service Unavailable',
      expect.stringMatching(/^\[Recovered\] api\.example\.com — back up after /),
    ]);
    const timeline = await h.app.db
      .selectFrom('incident_events')
      .select('kind')
      .where('incident_id', '=', resolved?.id ?? '')
      .orderBy('at')
      .execute();
    expect(timeline.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['detected', 'confirmed', 'alert_sent', 'recovered', 'resolved']),
    );
  });

  it('sends Down within 60 + 15 + 5 s of a refused-connection outage starting (60 s monitor, 15 s confirmation)', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    await stepUntil(async () => (await monitorStatus(id)) === 'up');
    const outageStart = h.app.clock.now() + 1;
    h.answer('refuse');
    // The worker polls every 250 ms; the test steps in the same increments.
    while (h.subjects().length === 0 && h.app.clock.now() < outageStart + 10 * MINUTE) await h.step(250);
    const [delivery] = await h.app.db.selectFrom('alert_deliveries').selectAll().execute();
    expect(delivery?.status).toBe('sent');
    expect((delivery?.sent_at ?? Number.POSITIVE_INFINITY) - outageStart).toBeLessThanOrEqual(80 * SECOND);
    expect(h.subjects()[0]).toMatch(/^\[Down\] api\.example\.com — /);
  });

  // A thousand real checks: bounded by the count, given time for a loaded PostgreSQL.
  it('a target failing 2 % of checks but never twice in a row opens no incident over 1,000 checks', {
    timeout: 90_000,
  }, async () => {
    h = await startOutageHarness();
    await h.monitor();
    // Seeded, so the run is the same every time: failures ~2 %, never two in a row.
    let seed = 20261122;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const failing = new Set<number>();
    for (let n = 1; n < 1000; n++) if (!failing.has(n - 1) && random() < 0.02) failing.add(n);
    expect(failing.size).toBeGreaterThan(10);
    h.follow((n) => (failing.has(n) ? 'error' : 'ok'));
    while (h.requests < 1000) await h.step();
    const failed = (await storedResults(h.app.db)).filter((result) => result.status === 'down');
    expect(failed.length).toBe(failing.size);
    expect(await h.incidents()).toEqual([]);
    expect(h.sink.mails).toEqual([]);
  });

  it('a flapping target: one incident marked flapping; Down and Recovered for the first two outages, the third Down announcing the hold, then one Recovered once stable', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    await stepUntil(async () => (await monitorStatus(id)) === 'up');
    // Down (failure + confirmation), then up, over and over: ten outages in 30 minutes.
    h.follow((n) => (n % 3 === 2 ? 'ok' : 'error'));
    for (let i = 0; i < 30; i++) await h.step();
    h.follow(() => 'ok');
    await stepUntil(async () => (await monitorStatus(id)) === 'up');
    h.app.clock.advance(31 * MINUTE);
    await h.step();

    const incidents = await h.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.flapping_since).not.toBeNull();
    expect(incidents[0]?.status).toBe('resolved');
    const subjects = h.subjects();
    expect(subjects.filter((s) => s.startsWith('[Down]'))).toHaveLength(3);
    expect(subjects.filter((s) => s.startsWith('[Recovered]'))).toHaveLength(3);
    const downs = h.sink.mails.filter((mail) => mail.subject.startsWith('[Down]'));
    expect(downs[1]?.text).not.toContain('Flapping');
    expect(downs[2]?.text).toContain('Flapping: more than 4 status changes within 30 minutes.');
  });

  it('two workers recording the same confirmed outage still make one incident and one alert', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    await stepUntil(async () => (await monitorStatus(id)) === 'up');
    const monitor = await h.app.db
      .selectFrom('monitors')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const confirming = { ...monitor, confirming_since: h.app.clock.now() };
    const outcome = {
      checkedAt: h.app.clock.now() + 15 * SECOND,
      region: 'test',
      status: 'down' as const,
      statusCode: 503,
      timings: { totalMs: 5 },
      responseBytes: 4,
      failure: { code: 'status_mismatch', message: 'Expected 200-399, got 503' },
    };
    await Promise.all([
      recordResults(h.app.db, h.app.database.dialect, 'worker-a', [{ monitor: confirming, outcome }], 15_000),
      recordResults(h.app.db, h.app.database.dialect, 'worker-b', [{ monitor: confirming, outcome }], 15_000),
    ]);
    expect(await h.incidents()).toHaveLength(1);
    expect(await h.app.db.selectFrom('alert_deliveries').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a second open automatic incident for the same monitor at the database', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    await stepUntil(async () => (await monitorStatus(id)) === 'up');
    h.answer('error');
    await stepUntil(async () => (await monitorStatus(id)) === 'down');
    const [open] = await h.incidents();
    await expect(
      h.app.db
        .insertInto('incidents')
        .values({ ...(open as NonNullable<typeof open>), id: 'second-open-incident' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
