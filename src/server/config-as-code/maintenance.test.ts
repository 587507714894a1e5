// Maintenance windows in upwatch.yaml: monitors by key, recurrences as stored, on the database of the run.
import { afterEach, describe, expect, it } from 'vitest';
import { type ConfigApp, createConfigApp } from './test/config-app.ts';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

const DAY = 86_400_000;
const monitors = {
  api: { name: 'API', url: 'https://api.example.com/health' },
  shop: { name: 'Shop', url: 'https://shop.example.com' },
};

function windows(now: number) {
  return {
    // Sundays 02:00 Berlin time, an hour, the shop and the API.
    weekly: {
      name: 'Weekly patching',
      startsAt: now + 3 * DAY,
      durationMinutes: 60,
      monitors: ['shop', 'api'],
      recurrence: { frequency: 'weekly', timezone: 'Europe/Berlin' },
    },
    migration: { name: 'Database migration', startsAt: now + 10 * DAY, durationMinutes: 120 },
  };
}

describe('maintenance windows in upwatch.yaml', () => {
  it('round-trips windows with their monitors and recurrence, and applying twice changes nothing', async () => {
    app = await createConfigApp();
    const [source, target] = [await app.user('pro'), await app.user('pro')];
    const config = { monitors, maintenanceWindows: windows(app.clock.now()) };
    const created = await app.applyAs(source, { config });
    expect(created.changes.map((change) => `${change.action} ${change.resource} ${change.key}`)).toEqual([
      'create monitor api',
      'create monitor shop',
      'create maintenanceWindow weekly',
      'create maintenanceWindow migration',
    ]);
    expect(await app.applyAs(source, { config })).toEqual({ applied: true, changes: [] });

    const file = (await app.exportOf(source)) as { maintenanceWindows: Record<string, unknown> };
    expect(file.maintenanceWindows).toEqual({
      migration: {
        name: 'Database migration',
        startsAt: app.clock.now() + 10 * DAY,
        durationMinutes: 120,
        monitors: [],
        recurrence: null,
      },
      weekly: {
        name: 'Weekly patching',
        startsAt: app.clock.now() + 3 * DAY,
        durationMinutes: 60,
        monitors: ['api', 'shop'],
        // The weekday of its start, as the window stores it.
        recurrence: {
          frequency: 'weekly',
          daysOfWeek: [4],
          daysOfMonth: [],
          timezone: 'Europe/Berlin',
          until: null,
        },
      },
    });
    await app.applyAs(target, { config: file });
    expect(await app.exportOf(target)).toEqual(file);
    expect(await app.applyAs(target, { config: file })).toEqual({ applied: true, changes: [] });
  });

  it('plans and applies a changed duration, recurrence and set of monitors', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const planned = windows(app.clock.now());
    await app.applyAs(user, { config: { monitors, maintenanceWindows: planned } });
    const changed = {
      ...planned,
      weekly: {
        ...planned.weekly,
        durationMinutes: 90,
        monitors: ['api'],
        recurrence: { frequency: 'weekly', timezone: 'Europe/Berlin', daysOfWeek: [0, 3] },
      },
    };
    const plan = await app.applyAs(user, { config: { monitors, maintenanceWindows: changed }, dryRun: true });
    expect(plan.changes).toEqual([
      {
        action: 'update',
        resource: 'maintenanceWindow',
        key: 'weekly',
        name: 'Weekly patching',
        fields: [
          { field: 'durationMinutes', before: 60, after: 90 },
          {
            field: 'recurrence',
            before: {
              frequency: 'weekly',
              daysOfWeek: [4],
              daysOfMonth: [],
              timezone: 'Europe/Berlin',
              until: null,
            },
            after: {
              frequency: 'weekly',
              daysOfWeek: [0, 3],
              daysOfMonth: [],
              timezone: 'Europe/Berlin',
              until: null,
            },
          },
          { field: 'monitors', before: ['api', 'shop'], after: ['api'] },
        ],
      },
    ]);
    expect((await app.applyAs(user, { config: { monitors, maintenanceWindows: changed } })).changes).toEqual(
      plan.changes,
    );
    const file = (await app.exportOf(user)) as {
      maintenanceWindows: Record<string, { durationMinutes: number }>;
    };
    expect(file.maintenanceWindows.weekly?.durationMinutes).toBe(90);
  });

  it('refuses a window with nothing left to run, creating nothing', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const past = { name: 'Last week', startsAt: app.clock.now() - 7 * DAY, durationMinutes: 60 };
    const response = await app.send(user, 'POST', '/config/apply', {
      config: { monitors, maintenanceWindows: { past } },
    });
    expect((await app.json<{ error: { code: string } }>(response, 422)).error.code).toBe('window_in_past');
    const file = (await app.exportOf(user)) as { monitors: object };
    expect(file.monitors).toEqual({});
  });

  it('prunes an open window the file leaves out', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    await app.json(
      await app.send(user, 'POST', '/maintenance-windows', {
        name: 'Made in the app',
        startsAt: app.clock.now() + DAY,
        durationMinutes: 30,
      }),
      201,
    );
    const planned = windows(app.clock.now());
    const pruned = await app.applyAs(user, {
      config: { monitors, maintenanceWindows: { migration: planned.migration } },
      prune: true,
    });
    expect(pruned.changes.map((change) => `${change.action} ${change.resource} ${change.key}`)).toEqual([
      'create monitor api',
      'create monitor shop',
      'create maintenanceWindow migration',
      'delete maintenanceWindow made-in-the-app',
    ]);
  });
});
