// Deploy-aware maintenance: a deployment recorded with maintenance_minutes opens a window from
// now over the monitors it affects, in the deployment's own transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deployment } from '../../core/api/deployments.ts';
import type { MaintenanceWindow } from '../../core/api/maintenance.ts';
import type { Monitor } from '../../core/api/monitors.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';

const NOW = Date.UTC(2026, 4, 12, 15, 0);
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
let shop: string;
let blog: string;

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  const monitor = async (name: string, url: string) =>
    (await app.json<{ id: string }>(await app.send(owner, 'POST', '/monitors', { name, url }), 201)).id;
  shop = await monitor('Shop', 'https://shop.example.com/health');
  blog = await monitor('Blog', 'https://blog.example.com/');
});
afterAll(async () => {
  await app.t.close();
});

const monitor = async (id: string) => app.json<Monitor>(await app.send(owner, 'GET', `/monitors/${id}`), 200);

describe('a deployment with maintenance_minutes', () => {
  it('opens a window named after it over its affected monitors, in progress from now, and says which', async () => {
    const deployment = await app.json<Deployment>(
      await app.send(owner, 'POST', '/deployments', {
        version: 'v2.0.0',
        url: 'https://shop.example.com',
        maintenance_minutes: 15,
      }),
      201,
    );
    expect(deployment.monitorIds).toEqual([shop]);
    expect(deployment.maintenanceWindowId).not.toBeNull();
    const window = await app.json<MaintenanceWindow>(
      await app.send(owner, 'GET', `/maintenance-windows/${deployment.maintenanceWindowId}`),
      200,
    );
    expect(window).toMatchObject({
      name: 'Deployment v2.0.0 to production',
      deploymentId: deployment.id,
      monitorIds: [shop],
      allMonitors: false,
      recurrence: null,
      state: 'in_progress',
      current: { startsAt: NOW, endsAt: NOW + 15 * 60_000 },
    });
    expect((await monitor(shop)).maintenance).toEqual({ windowId: window.id, until: NOW + 15 * 60_000 });
    expect((await monitor(blog)).maintenance).toBeNull();
    const read = await app.json<Deployment>(
      await app.send(owner, 'GET', `/deployments/${deployment.id}`),
      200,
    );
    expect(read.maintenanceWindowId).toBe(window.id);
  });

  it('opens none without it, and refuses minutes outside 1–1440 or a bad monitor without storing anything', async () => {
    const plain = await app.json<Deployment>(
      await app.send(owner, 'POST', '/deployments', { version: 'v2.0.1' }),
      201,
    );
    expect(plain.maintenanceWindowId).toBeNull();
    const before = await app.t.database.db.selectFrom('maintenance_windows').select('id').execute();
    for (const minutes of [0, 1441, 2.5]) {
      const response = await app.send(owner, 'POST', '/deployments', {
        version: 'v3',
        maintenance_minutes: minutes,
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        error: { code: 'validation_failed', message: expect.stringMatching(/^maintenance_minutes: /) },
      });
    }
    const foreign = await app.send(owner, 'POST', '/deployments', {
      version: 'v3',
      monitor_ids: ['not-mine'],
      maintenance_minutes: 10,
    });
    expect(foreign.status).toBe(404);
    expect(await app.t.database.db.selectFrom('maintenance_windows').select('id').execute()).toEqual(before);
  });
});
