// A monitor's regions and quorum in upwatch.yaml (issue 21), on the database of the run.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { reportWorker } from '../test/worker-rows.ts';
import { type ConfigApp, createConfigApp } from './test/config-app.ts';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

/** Workers of these regions reported just now. */
async function regionsLive(names: string[]) {
  for (const region of names) await reportWorker(app.t.database.db, region, app.clock.now());
}

const site = (extra: Record<string, unknown> = {}) => ({
  name: 'API',
  url: 'https://api.example.com',
  ...extra,
});

async function regionsOf(user: TestUser) {
  const { monitors } = await app.json<{ monitors: { id: string }[] }>(
    await app.send(user, 'GET', '/monitors'),
    200,
  );
  return app.json<{ regions: string[] | null; quorum: number | null; alertOnRegionFailure: boolean }>(
    await app.send(user, 'GET', `/monitors/${monitors[0]?.id}/regions`),
    200,
  );
}

describe("a monitor's regions in upwatch.yaml", () => {
  it('sets chosen regions and a quorum, exports them, changes nothing the second time, and goes back to every region when left out', async () => {
    app = await createConfigApp();
    await regionsLive(['eu-west', 'us-east', 'ap-south']);
    const user = await app.user('pro');
    const config = {
      monitors: { api: site({ regions: ['us-east', 'eu-west'], quorum: 1, alertOnRegionFailure: true }) },
    };

    const first = await app.applyAs(user, { config });
    expect(first.changes[0]?.fields).toEqual(
      expect.arrayContaining([
        { field: 'regions', after: ['us-east', 'eu-west'] },
        { field: 'quorum', after: 1 },
        { field: 'alertOnRegionFailure', after: true },
      ]),
    );
    expect(await regionsOf(user)).toMatchObject({
      regions: ['eu-west', 'us-east'],
      quorum: 1,
      alertOnRegionFailure: true,
    });
    const exported = (await app.exportOf(user)) as { monitors: Record<string, Record<string, unknown>> };
    expect(exported.monitors.api).toMatchObject({
      regions: ['eu-west', 'us-east'],
      quorum: 1,
      alertOnRegionFailure: true,
    });
    expect(await app.applyAs(user, { config })).toEqual({ applied: true, changes: [] });

    const plan = await app.applyAs(user, { config: { monitors: { api: site() } }, dryRun: true });
    expect(plan.changes[0]?.fields).toEqual([
      { field: 'regions', before: ['eu-west', 'us-east'], after: null },
      { field: 'quorum', before: 1, after: null },
      { field: 'alertOnRegionFailure', before: true, after: false },
    ]);
    expect(await regionsOf(user)).toMatchObject({ regions: ['eu-west', 'us-east'], quorum: 1 });
    await app.applyAs(user, { config: { monitors: { api: site() } } });
    expect(await regionsOf(user)).toMatchObject({ regions: null, quorum: null, alertOnRegionFailure: false });
    const after = (await app.exportOf(user)) as { monitors: Record<string, Record<string, unknown>> };
    expect(after.monitors.api).not.toHaveProperty('regions');
    expect(after.monitors.api).not.toHaveProperty('quorum');
  });

  it('refuses a region no worker reports from, naming its place in the file, and stores nothing', async () => {
    app = await createConfigApp();
    await regionsLive(['eu-west']);
    const user = await app.user('pro');
    const refused = await app.send(user, 'POST', '/config/apply', {
      config: { monitors: { api: site({ regions: ['mars'] }) } },
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: {
        code: 'unknown_region',
        message:
          'monitors.api.regions: No worker has checked from region "mars". Start one with: upwatch worker --region mars',
      },
    });
    const { monitors } = await app.json<{ monitors: unknown[] }>(
      await app.send(user, 'GET', '/monitors'),
      200,
    );
    expect(monitors).toEqual([]);
  });
});
