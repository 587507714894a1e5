// Maintenance on the real engine: a loopback target that fails, the check job, the maintenance
// job, alert delivery and a real SMTP server, all on a ManualClock. A failure inside a window is
// stored, marked, and does nothing else; the same failure after it alerts once.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult, UptimeReport } from '../../core/api/history.ts';
import type { MaintenanceWindow } from '../../core/api/maintenance.ts';
import type { Monitor } from '../../core/api/monitors.ts';
import { type HeartbeatHarness, startHeartbeatHarness } from '../heartbeats/test/heartbeat-harness.ts';
import { type OutageHarness, startOutageHarness } from '../incidents/test/outage-harness.ts';
import { runDueTransitions } from './job.ts';

let h: OutageHarness;
let beats: HeartbeatHarness | undefined;
afterEach(async () => {
  // Each test starts one harness; the other may be left from an earlier test, closed already.
  if (beats) await beats.close();
  else await h?.close();
  beats = undefined;
});

const MINUTE = 60_000;
type CheckResultList = { results: CheckResult[] };

async function monitorRow(id: string) {
  return h.app.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** One check (and whatever the maintenance job has due first), never past `until`. */
async function stepTo(until: number) {
  await runDueTransitions(h.app.db, h.app.clock.now());
  await h.step(Math.max(0, until - h.app.clock.now()));
}

async function api<T>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await h.app.send(h.owner, method, path, body);
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

describe('a monitor failing during a maintenance window', () => {
  it('stores the checks as maintenance, opens no incident, sends nothing and leaves them out of uptime; after the window it alerts once', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    while ((await monitorRow(id)).status !== 'up') await h.step();

    const startsAt = h.app.clock.now() + 5 * MINUTE;
    const window = await api<MaintenanceWindow>(
      'POST',
      '/maintenance-windows',
      { name: 'Database upgrade', startsAt, durationMinutes: 30, monitorIds: [id] },
      201,
    );
    expect(window).toMatchObject({ state: 'upcoming', current: null, allMonitors: false, monitorIds: [id] });
    const endsAt = startsAt + 30 * MINUTE;

    // Up to the start, then the target fails for the whole window.
    while (h.app.clock.now() < startsAt) await stepTo(startsAt);
    const upChecks = (await api<CheckResultList>('GET', `/monitors/${id}/results`)).results.length;
    await runDueTransitions(h.app.db, h.app.clock.now());
    expect(await monitorRow(id)).toMatchObject({
      maintenance_window_id: window.id,
      maintenance_until: endsAt,
    });
    const during = await api<Monitor>('GET', `/monitors/${id}`);
    expect(during.maintenance).toEqual({ windowId: window.id, until: endsAt });
    h.answer('error');
    while (h.app.clock.now() < endsAt - MINUTE) await stepTo(endsAt - MINUTE);

    expect(await h.incidents()).toEqual([]);
    expect(await h.app.db.selectFrom('alert_deliveries').selectAll().execute()).toEqual([]);
    expect(h.sink.mails).toEqual([]);
    expect((await monitorRow(id)).status).toBe('up');
    const { results } = await api<CheckResultList>('GET', `/monitors/${id}/results?limit=100`);
    const inWindow = results.filter((result) => result.checkedAt >= startsAt);
    expect(inWindow.length).toBeGreaterThanOrEqual(28);
    for (const result of inWindow) expect(result).toMatchObject({ status: 'down', maintenance: true });
    // One check a minute, no confirmation re-checks during the window.
    expect(inWindow.some((result) => result.confirmation)).toBe(false);

    const uptime = await api<UptimeReport>('GET', `/monitors/${id}/uptime`);
    expect(uptime.windows['24h']).toMatchObject({ checks: upChecks, upChecks, uptimePercent: 100 });
    const [day] = await h.app.db
      .selectFrom('rollups_daily')
      .selectAll()
      .where('monitor_id', '=', id)
      .execute();
    expect(day).toMatchObject({ checks: upChecks, up_checks: upChecks, maintenance_checks: inWindow.length });

    // The window ends with the target still failing: the normal path confirms and alerts once.
    while ((await monitorRow(id)).status !== 'down') await stepTo(endsAt + 10 * MINUTE);
    for (let i = 0; i < 5; i++) await stepTo(endsAt + 20 * MINUTE);
    expect(await monitorRow(id)).toMatchObject({ maintenance_window_id: null, maintenance_until: null });
    const incidents = await h.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.started_at).toBeGreaterThanOrEqual(endsAt);
    const deliveries = await h.app.db.selectFrom('alert_deliveries').selectAll().execute();
    const perChannel = new Map<string | null, number>();
    for (const delivery of deliveries)
      perChannel.set(delivery.channel_id, (perChannel.get(delivery.channel_id) ?? 0) + 1);
    expect([...perChannel.values()]).toEqual([1]);
    expect(h.subjects()).toEqual(['[Down] api.example.com — 503 Service Unavailable']);
    // The failure held by maintenance was looked at again as the window ended, not a slot later.
    const after = (await api<CheckResultList>('GET', `/monitors/${id}/results?limit=100`)).results.filter(
      (result) => result.checkedAt >= endsAt,
    );
    expect(after.at(-1)?.checkedAt).toBe(endsAt);
  });

  it('keeps an outage that began before the window open, without a Recovered or a second Down alert inside it', async () => {
    h = await startOutageHarness();
    const { id } = await h.monitor();
    while ((await monitorRow(id)).status !== 'up') await h.step();
    h.answer('error');
    while ((await monitorRow(id)).status !== 'down') await h.step();
    for (let i = 0; i < 3; i++) await h.step();
    expect(h.subjects()).toHaveLength(1);

    const window = await api<MaintenanceWindow>(
      'POST',
      '/maintenance-windows',
      { name: 'Fixing it', startsAt: h.app.clock.now(), durationMinutes: 20, monitorIds: [] },
      201,
    );
    expect(window.state).toBe('in_progress');
    h.answer('ok');
    const endsAt = window.current?.endsAt ?? 0;
    while (h.app.clock.now() < endsAt - MINUTE) await stepTo(endsAt - MINUTE);
    expect((await monitorRow(id)).status).toBe('down');
    expect((await h.incidents())[0]?.resolved_at).toBeNull();
    expect(h.subjects()).toHaveLength(1);

    // Once it ends, the first check recovers the monitor and the incident, with one Recovered alert.
    while ((await monitorRow(id)).status !== 'up') await stepTo(endsAt + 10 * MINUTE);
    await h.step();
    expect((await h.incidents())[0]?.status).toBe('resolved');
    expect(h.subjects()[1]).toMatch(/^\[Recovered\] api\.example\.com/);
  });
});

describe('a heartbeat during a maintenance window', () => {
  it('opens no incident for a missed run or a /fail inside the window, and goes down once when the window ends', async () => {
    beats = await startHeartbeatHarness({ smtp: true });
    const b = beats;
    const monitor = await b.create({ name: 'Nightly backup', periodSeconds: 300, graceSeconds: 120 });
    const t0 = b.app.clock.now();
    await b.ping(monitor);
    const response = await b.app.send(b.owner, 'POST', '/maintenance-windows', {
      name: 'Backup server move',
      startsAt: t0,
      durationMinutes: 60,
      monitorIds: [],
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const endsAt = t0 + 60 * MINUTE;

    await b.advanceTo(t0 + 30 * MINUTE);
    expect((await b.ping(monitor, '/fail')).status).toBe(200);
    await b.advanceTo(endsAt - MINUTE);
    expect((await b.get(monitor.id)).status).toBe('up');
    expect(await b.incidents()).toEqual([]);
    const held = await b.results(monitor.id);
    expect(held.filter((result) => result.status === 'down').length).toBeGreaterThanOrEqual(2);
    for (const result of held.filter((r) => r.status === 'down')) expect(result.maintenance).toBe(true);

    await b.advanceTo(endsAt + 10 * MINUTE);
    await b.app.deliver();
    expect((await b.get(monitor.id)).status).toBe('down');
    const incidents = await b.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.started_at).toBe(endsAt);
    expect(b.subjects()).toEqual([expect.stringMatching(/^\[Down\] Nightly backup — /)]);
  });
});
