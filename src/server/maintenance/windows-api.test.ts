// /api/v1/maintenance-windows through the real app on a ManualClock: scheduling, reading,
// changing, starting and ending now, the maintenance job moving windows at their UTC instants,
// and the refusals (validation, other workspaces, roles).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceWindow, MaintenanceWindowList } from '../../core/api/maintenance.ts';
import type { Monitor } from '../../core/api/monitors.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';
import { runDueTransitions } from './job.ts';

const MINUTE = 60_000;
// Sunday 1 March 2026, 12:00 UTC: a week before New York moves its clocks forward.
const NOW = Date.UTC(2026, 2, 1, 12, 0);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
});
afterAll(async () => {
  await app.t.close();
});

async function newMonitor(user: TestUser, name: string): Promise<string> {
  const url = `https://${name.toLowerCase()}.example.com`;
  return (await app.json<{ id: string }>(await app.send(user, 'POST', '/monitors', { name, url }), 201)).id;
}

const schedule = (body: Record<string, unknown>, user = owner) =>
  app.send(user, 'POST', '/maintenance-windows', body);

async function maintenanceOf(id: string) {
  return (await app.json<Monitor>(await app.send(owner, 'GET', `/monitors/${id}`), 200)).maintenance;
}

describe('maintenance windows', () => {
  it('are scheduled, listed with their state and next occurrences, changed and deleted', async () => {
    const api = await newMonitor(owner, 'Api');
    const startsAt = NOW + 2 * 3_600_000;
    const created = await app.json<MaintenanceWindow>(
      await schedule({ name: 'Disk swap', startsAt, durationMinutes: 45, monitorIds: [api] }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Disk swap',
      startsAt,
      durationMinutes: 45,
      monitorIds: [api],
      allMonitors: false,
      recurrence: null,
      state: 'upcoming',
      current: null,
      nextOccurrences: [{ startsAt, endsAt: startsAt + 45 * MINUTE }],
      deploymentId: null,
    });
    const list = await app.json<MaintenanceWindowList>(
      await app.send(owner, 'GET', '/maintenance-windows?state=open'),
      200,
    );
    expect(list.windows.map((window) => window.id)).toContain(created.id);

    const changed = await app.json<MaintenanceWindow>(
      await app.send(owner, 'PATCH', `/maintenance-windows/${created.id}`, {
        name: 'Disk swap (all)',
        monitorIds: [],
        durationMinutes: 90,
      }),
      200,
    );
    expect(changed).toMatchObject({ name: 'Disk swap (all)', allMonitors: true, monitorIds: [] });
    expect(changed.nextOccurrences).toEqual([{ startsAt, endsAt: startsAt + 90 * MINUTE }]);

    expect((await app.send(owner, 'DELETE', `/maintenance-windows/${created.id}`)).status).toBe(204);
    expect((await app.send(owner, 'GET', `/maintenance-windows/${created.id}`)).status).toBe(404);
  });

  it('start now and end now change the monitors at once, without waiting for the job', async () => {
    const web = await newMonitor(owner, 'Web');
    const other = await newMonitor(owner, 'Other');
    const later = NOW + 86_400_000;
    const created = await app.json<MaintenanceWindow>(
      await schedule({ name: 'Deploy', startsAt: later, durationMinutes: 20, monitorIds: [web] }),
      201,
    );
    expect(await maintenanceOf(web)).toBeNull();

    const started = await app.json<MaintenanceWindow>(
      await app.send(owner, 'POST', `/maintenance-windows/${created.id}/start`),
      200,
    );
    const until = app.clock.now() + 20 * MINUTE;
    expect(started).toMatchObject({
      state: 'in_progress',
      current: { startsAt: app.clock.now(), endsAt: until },
    });
    expect(await maintenanceOf(web)).toEqual({ windowId: created.id, until });
    expect(await maintenanceOf(other)).toBeNull();

    app.clock.advance(5 * MINUTE);
    const ended = await app.json<MaintenanceWindow>(
      await app.send(owner, 'POST', `/maintenance-windows/${created.id}/end`),
      200,
    );
    // The scheduled occurrence is still to come.
    expect(ended).toMatchObject({ state: 'upcoming', current: null });
    expect(ended.nextOccurrences[0]?.startsAt).toBe(later);
    expect(await maintenanceOf(web)).toBeNull();
    const again = await app.send(owner, 'POST', `/maintenance-windows/${created.id}/end`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'window_not_in_progress' } });
  });

  it('keeps a monitor under another window that still runs when one covering it ends', async () => {
    const db = await newMonitor(owner, 'Db');
    const now = app.clock.now();
    const all = await app.json<MaintenanceWindow>(
      await schedule({ name: 'Everything', startsAt: now, durationMinutes: 60, monitorIds: [] }),
      201,
    );
    const one = await app.json<MaintenanceWindow>(
      await schedule({ name: 'Just the database', startsAt: now, durationMinutes: 30, monitorIds: [db] }),
      201,
    );
    // The window ending last holds the monitor.
    expect(await maintenanceOf(db)).toEqual({ windowId: all.id, until: now + 60 * MINUTE });
    await app.json(await app.send(owner, 'POST', `/maintenance-windows/${all.id}/end`), 200);
    expect(await maintenanceOf(db)).toEqual({ windowId: one.id, until: now + 30 * MINUTE });
    await app.json(await app.send(owner, 'POST', `/maintenance-windows/${one.id}/end`), 200);
    expect(await maintenanceOf(db)).toBeNull();
  });

  it('puts a monitor made while an all-monitors window runs in that window from the start', async () => {
    const now = app.clock.now();
    const all = await app.json<MaintenanceWindow>(
      await schedule({ name: 'Network move', startsAt: now, durationMinutes: 15, monitorIds: [] }),
      201,
    );
    const late = await newMonitor(owner, 'Latecomer');
    expect(await maintenanceOf(late)).toEqual({ windowId: all.id, until: now + 15 * MINUTE });
    // Deleting the window lets its monitors go at once.
    expect((await app.send(owner, 'DELETE', `/maintenance-windows/${all.id}`)).status).toBe(204);
    expect(await maintenanceOf(late)).toBeNull();
  });

  it('moves a weekly New York window in and out at the right UTC instants across the change to daylight time', async () => {
    const mail = await newMonitor(owner, 'Mail');
    // Monday 2 March 2026, 09:00 EST = 14:00 UTC; from 9 March, 09:00 EDT = 13:00 UTC.
    const firstStart = Date.UTC(2026, 2, 2, 14, 0);
    const created = await app.json<MaintenanceWindow>(
      await schedule({
        name: 'Weekly patching',
        startsAt: firstStart,
        durationMinutes: 60,
        monitorIds: [mail],
        recurrence: { frequency: 'weekly', timezone: 'America/New_York' },
      }),
      201,
    );
    expect(created.recurrence).toEqual({
      frequency: 'weekly',
      daysOfWeek: [1],
      daysOfMonth: [],
      timezone: 'America/New_York',
      until: null,
    });
    expect(created.nextOccurrences.slice(0, 3).map((o) => new Date(o.startsAt).toISOString())).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-16T13:00:00.000Z',
    ]);

    const at = async (instant: number) => {
      app.clock.advance(instant - app.clock.now());
      await runDueTransitions(app.t.database.db, app.clock.now());
      return maintenanceOf(mail);
    };
    expect(await at(Date.UTC(2026, 2, 2, 13, 59))).toBeNull();
    expect(await at(Date.UTC(2026, 2, 2, 14, 0))).toEqual({
      windowId: created.id,
      until: Date.UTC(2026, 2, 2, 15, 0),
    });
    expect(await at(Date.UTC(2026, 2, 2, 15, 0))).toBeNull();
    expect(await at(Date.UTC(2026, 2, 9, 12, 59))).toBeNull();
    expect(await at(Date.UTC(2026, 2, 9, 13, 0))).toEqual({
      windowId: created.id,
      until: Date.UTC(2026, 2, 9, 14, 0),
    });
    expect(await at(Date.UTC(2026, 2, 9, 14, 0))).toBeNull();
  });

  it('refuses bad input with a 4xx naming the problem, and stores nothing', async () => {
    const before = await app.t.database.db.selectFrom('maintenance_windows').select('id').execute();
    const now = app.clock.now();
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ startsAt: now, durationMinutes: 30 }, 422, 'validation_failed', /^name: /],
      [{ name: 'x', startsAt: now, durationMinutes: 0 }, 422, 'validation_failed', /^durationMinutes: /],
      [{ name: 'x', startsAt: now, durationMinutes: 20_000 }, 422, 'validation_failed', /at most 7 days/],
      [
        {
          name: 'x',
          startsAt: now,
          durationMinutes: 30,
          recurrence: { frequency: 'weekly', timezone: 'Mars/Base' },
        },
        422,
        'validation_failed',
        /^recurrence\.timezone: Enter an IANA time zone/,
      ],
      [
        {
          name: 'x',
          startsAt: now,
          durationMinutes: 30,
          recurrence: { frequency: 'yearly', timezone: 'UTC' },
        },
        422,
        'validation_failed',
        /^recurrence\.frequency: /,
      ],
      [
        { name: 'x', startsAt: now - 2 * 3_600_000, durationMinutes: 30 },
        422,
        'window_in_past',
        /no occurrence left/,
      ],
      [
        { name: 'x', startsAt: now, durationMinutes: 30, monitorIds: ['nope'] },
        404,
        'monitor_not_found',
        /nope/,
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await schedule(body);
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(answer.error.code, JSON.stringify(body)).toBe(code);
      expect(answer.error.message, JSON.stringify(body)).toMatch(message);
    }
    const after = await app.t.database.db.selectFrom('maintenance_windows').select('id').execute();
    expect(after).toEqual(before);
  });

  it("keeps another workspace's windows and monitors out of reach, and lets a viewer read but not write", async () => {
    const stranger = await app.user('pro');
    const theirMonitor = await newMonitor(stranger, 'Theirs');
    const mine = await app.json<MaintenanceWindow>(
      await schedule({
        name: 'Mine',
        startsAt: app.clock.now() + 3_600_000,
        durationMinutes: 10,
        monitorIds: [],
      }),
      201,
    );
    expect((await app.send(stranger, 'GET', `/maintenance-windows/${mine.id}`)).status).toBe(404);
    expect((await app.send(stranger, 'POST', `/maintenance-windows/${mine.id}/start`)).status).toBe(404);
    const theirs = await app.json<MaintenanceWindowList>(
      await app.send(stranger, 'GET', '/maintenance-windows'),
      200,
    );
    expect(theirs.windows).toEqual([]);
    const borrowed = await schedule({
      name: 'Borrowed',
      startsAt: app.clock.now(),
      durationMinutes: 10,
      monitorIds: [theirMonitor],
    });
    expect(borrowed.status).toBe(404);

    const viewer = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, viewer.id, 'viewer');
    expect((await app.send(viewer, 'GET', `/maintenance-windows/${mine.id}`)).status).toBe(200);
    const refused = await app.send(viewer, 'POST', `/maintenance-windows/${mine.id}/start`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden_role' } });
  });
});
