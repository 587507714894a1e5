// The quiet-alerting settings through the API: a monitor's dependencies, reminders and slow
// alerts, and the workspace's grouping window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorAlertSettings, WorkspaceAlertSettings } from '../../core/api/alert-settings.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { joinWorkspace } from '../test/workspace-rows.ts';

let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;

beforeAll(async () => {
  app = await createUserApp(Date.UTC(2026, 10, 26, 9));
  owner = await app.user('pro');
});
afterAll(async () => {
  await app.t.close();
});

async function monitor(as: TestUser, name: string): Promise<string> {
  const created = await app.json<{ id: string }>(
    await app.send(as, 'POST', '/monitors', { name, url: 'https://shop.example.com' }),
    201,
  );
  return created.id;
}

const settingsOf = async (id: string) =>
  app.json<MonitorAlertSettings>(await app.send(owner, 'GET', `/monitors/${id}/alert-settings`), 200);

async function refused(id: string, body: unknown, status: number, code: string) {
  const error = await app.json<{ error: { code: string; message: string } }>(
    await app.send(owner, 'PATCH', `/monitors/${id}/alert-settings`, body),
    status,
  );
  expect(error.error.code).toBe(code);
  return error.error.message;
}

describe("a monitor's alert settings", () => {
  it('start quiet, change field by field and keep what a change leaves out', async () => {
    const api = await monitor(owner, 'API');
    const shop = await monitor(owner, 'Shop');
    expect(await settingsOf(shop)).toEqual({ dependsOn: [], renotifyMinutes: null, alertOnDegraded: false });

    const changed = await app.json<MonitorAlertSettings>(
      await app.send(owner, 'PATCH', `/monitors/${shop}/alert-settings`, {
        dependsOn: [api, api],
        renotifyMinutes: 30,
      }),
      200,
    );
    expect(changed).toEqual({ dependsOn: [api], renotifyMinutes: 30, alertOnDegraded: false });
    await app.json(
      await app.send(owner, 'PATCH', `/monitors/${shop}/alert-settings`, { alertOnDegraded: true }),
      200,
    );
    expect(await settingsOf(shop)).toEqual({ dependsOn: [api], renotifyMinutes: 30, alertOnDegraded: true });

    // Deleting the upstream takes the dependency with it.
    expect((await app.send(owner, 'DELETE', `/monitors/${api}`)).status).toBe(204);
    expect((await settingsOf(shop)).dependsOn).toEqual([]);
  });

  it('refuses itself, a loop through others, unknown monitors and reminders too often', async () => {
    const a = await monitor(owner, 'A');
    const b = await monitor(owner, 'B');
    const c = await monitor(owner, 'C');
    expect(await refused(a, { dependsOn: [a] }, 422, 'dependency_cycle')).toBe(
      'A monitor cannot depend on itself.',
    );
    await app.json(await app.send(owner, 'PATCH', `/monitors/${b}/alert-settings`, { dependsOn: [a] }), 200);
    await app.json(await app.send(owner, 'PATCH', `/monitors/${c}/alert-settings`, { dependsOn: [b] }), 200);
    expect(await refused(a, { dependsOn: [c] }, 422, 'dependency_cycle')).toBe(
      'C already depends on this monitor, directly or through others.',
    );
    await refused(a, { dependsOn: ['no-such-monitor'] }, 404, 'monitor_not_found');
    await refused(a, { renotifyMinutes: 1 }, 422, 'validation_failed');
    expect((await settingsOf(a)).dependsOn).toEqual([]);

    const stranger = await app.user('pro');
    const theirs = await monitor(stranger, 'Theirs');
    await refused(a, { dependsOn: [theirs] }, 404, 'monitor_not_found');
    await refused(theirs, { alertOnDegraded: true }, 404, 'monitor_not_found');
  });
});

describe("the workspace's grouping window", () => {
  it('is 60 s until changed, at most 10 minutes, and a viewer may not change it', async () => {
    const read = async (as: TestUser) =>
      app.json<WorkspaceAlertSettings>(await app.send(as, 'GET', '/workspace/alert-settings'), 200);
    expect(await read(owner)).toEqual({ groupingSeconds: 60 });
    await app.json(await app.send(owner, 'PUT', '/workspace/alert-settings', { groupingSeconds: 0 }), 200);
    expect(await read(owner)).toEqual({ groupingSeconds: 0 });
    const tooLong = await app.json<{ error: { code: string } }>(
      await app.send(owner, 'PUT', '/workspace/alert-settings', { groupingSeconds: 601 }),
      422,
    );
    expect(tooLong.error.code).toBe('validation_failed');

    const viewer = await app.user('free');
    await joinWorkspace(app.t.database.db, app.t.database.dialect, owner.id, viewer.id, 'viewer');
    expect(await read(viewer)).toEqual({ groupingSeconds: 0 });
    const refusal = await app.json<{ error: { code: string } }>(
      await app.send(viewer, 'PUT', '/workspace/alert-settings', { groupingSeconds: 30 }),
      403,
    );
    expect(refusal.error.code).toBe('forbidden_role');
  });
});
