// What an incident's transaction writes for subscribers: nothing at all until the workspace has a
// confirmed subscriber (the check path pays one indexed lookup), then one notice per event.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import { createSubscriberApp, type SubscriberApp } from './test/subscriber-app.ts';

const NOW = Date.UTC(2026, 10, 25, 9, 30);

let app: SubscriberApp;
let owner: TestUser;
beforeEach(async () => {
  app = await createSubscriberApp(NOW);
  owner = await app.user('starter');
});
afterEach(async () => {
  await app.t.close();
});

const notices = () =>
  app.db.selectFrom('status_page_notices').select(['kind', 'monitor_ids']).orderBy('id').execute();

describe('subscriber notices', () => {
  it('are not written while nobody has confirmed, then one per incident event', async () => {
    const monitor = await app.monitor(owner, 'shop');
    await app.page(owner, 'acme', [monitor.id]);
    await app.subscribe('acme', { email: 'reader@example.test' });
    const declare = async (title: string) =>
      app.json<{ id: string }>(
        await app.send(owner, 'POST', '/incidents', { title, monitorIds: [monitor.id], update: 'Looking.' }),
        201,
      );
    await declare('Slow checkout');
    expect(await notices()).toEqual([]);

    await app.db.updateTable('status_page_subscribers').set({ confirmed_at: NOW }).execute();
    const incident = await declare('Checkout errors');
    await app.send(owner, 'POST', `/incidents/${incident.id}/updates`, {
      message: 'Fixed.',
      status: 'resolved',
    });
    // A manual incident without monitors touches no page: nothing to tell.
    await app.send(owner, 'POST', '/incidents', { title: 'Office wifi' });
    expect(await notices()).toEqual([
      { kind: 'incident.opened', monitor_ids: JSON.stringify([monitor.id]) },
      { kind: 'incident.resolved', monitor_ids: JSON.stringify([monitor.id]) },
    ]);
  });
});
