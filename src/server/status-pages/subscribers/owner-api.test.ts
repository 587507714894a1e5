// The page owner's view of subscribers (list, CSV, remove) and what maintenance tells them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriberList } from '../../../core/api/subscribers.ts';
import { runDueTransitions } from '../../maintenance/job.ts';
import type { TestUser } from '../../test/factories.ts';
import { createSubscriberApp, type SubscriberApp } from './test/subscriber-app.ts';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const HOUR = 3_600_000;

let app: SubscriberApp;
let owner: TestUser;
beforeEach(async () => {
  app = await createSubscriberApp(NOW);
  owner = await app.user('starter');
});
afterEach(async () => {
  await app.t.close();
});

async function confirmAll() {
  await app.db.updateTable('status_page_subscribers').set({ confirmed_at: app.clock.now() }).execute();
}

describe('the subscriber list', () => {
  it('answers the count, the confirmed count, the plan limit and each subscriber, oldest first', async () => {
    const monitor = await app.monitor(owner, 'shop');
    const page = await app.page(owner, 'acme', [monitor.id]);
    await app.subscribe('acme', { email: 'first@example.test', monitor: monitor.id });
    await confirmAll();
    app.clock.advance(1000);
    await app.subscribe('acme', { webhookUrl: 'https://hooks.example.com/in' });
    const list = await app.json<SubscriberList>(
      await app.send(owner, 'GET', `/status-pages/${page.id}/subscribers`),
      200,
    );
    expect(list).toMatchObject({ count: 2, confirmed: 1, limit: 1000 });
    expect(list.subscribers).toEqual([
      expect.objectContaining({
        kind: 'email',
        address: 'first@example.test',
        confirmed: true,
        monitorIds: [monitor.id],
        createdAt: NOW,
        confirmedAt: NOW,
      }),
      expect.objectContaining({
        kind: 'webhook',
        address: 'https://hooks.example.com/in',
        confirmed: false,
        monitorIds: null,
        confirmedAt: null,
      }),
    ]);

    const csv = await app.send(owner, 'GET', `/status-pages/${page.id}/subscribers?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="subscribers-${page.id}.csv"`);
    expect(await csv.text()).toBe(
      [
        'kind,address,confirmed,monitor_ids,created_at,confirmed_at',
        `email,first@example.test,yes,${monitor.id},2026-11-25T09:30:00.000Z,2026-11-25T09:30:00.000Z`,
        'webhook,https://hooks.example.com/in,no,,2026-11-25T09:30:01.000Z,',
        '',
      ].join('\r\n'),
    );
  });

  it('removes a subscriber, recorded in the audit log; nothing more is sent to them', async () => {
    const monitor = await app.monitor(owner, 'shop');
    const page = await app.page(owner, 'acme', [monitor.id]);
    await app.subscribe('acme', { email: 'reader@example.test' });
    const [row] = await app.db.selectFrom('status_page_subscribers').select('id').execute();
    const removed = await app.send(owner, 'DELETE', `/status-pages/${page.id}/subscribers/${row?.id}`);
    expect(removed.status).toBe(204);
    await app.notify();
    expect(await app.outbox(owner)).toEqual([]);
    const { events } = await app.json<{ events: { action: string; resource: { name: string } }[] }>(
      await app.send(owner, 'GET', '/audit-events'),
      200,
    );
    expect(events[0]).toMatchObject({ action: 'status_page.subscriber_remove', resource: { name: 'Acme' } });
    const again = await app.send(owner, 'DELETE', `/status-pages/${page.id}/subscribers/${row?.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: { code: 'subscriber_not_found', message: 'No subscriber with that id on this status page.' },
    });
  });

  it('is not another workspace’s to read or change', async () => {
    const page = await app.page(owner, 'acme');
    await app.subscribe('acme', { email: 'reader@example.test' });
    const [row] = await app.db.selectFrom('status_page_subscribers').select('id').execute();
    const stranger = await app.user('pro');
    for (const [method, path] of [
      ['GET', `/status-pages/${page.id}/subscribers`],
      ['GET', `/status-pages/${page.id}/subscribers?format=csv`],
      ['DELETE', `/status-pages/${page.id}/subscribers/${row?.id}`],
    ] as const) {
      const response = await app.send(stranger, method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'status_page_not_found',
      );
    }
    // Nor through one of the stranger's own pages.
    const theirs = await app.page(stranger, 'theirs');
    const sideways = await app.send(stranger, 'DELETE', `/status-pages/${theirs.id}/subscribers/${row?.id}`);
    expect(sideways.status).toBe(404);
    expect(await app.db.selectFrom('status_page_subscribers').select('id').execute()).toHaveLength(1);
  });
});

describe('maintenance', () => {
  it('tells subscribers when a window on their page is scheduled and when it starts', async () => {
    const shop = await app.monitor(owner, 'shop');
    const other = await app.monitor(owner, 'other');
    await app.page(owner, 'acme', [shop.id]);
    await app.subscribe('acme', { email: 'reader@example.test' });
    await app.notify();
    await confirmAll();
    const post = (body: unknown) => app.send(owner, 'POST', '/maintenance-windows', body);
    // Not on the page: nothing to tell.
    await post({ name: 'Elsewhere', startsAt: NOW + HOUR, durationMinutes: 30, monitorIds: [other.id] });
    await post({
      name: 'Database upgrade',
      startsAt: NOW + HOUR,
      durationMinutes: 45,
      monitorIds: [shop.id],
    });
    await app.notify();
    app.clock.advance(HOUR);
    await runDueTransitions(app.db, app.clock.now());
    await app.notify();

    const mails = (await app.outbox(owner)).reverse();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your subscription to Acme',
      '[Acme] Scheduled maintenance: Database upgrade',
      '[Acme] Maintenance started: Database upgrade',
    ]);
    expect(mails[1]?.text).toMatch(/From:\s+Nov 25, 2026, 10:30 UTC/);
    expect(mails[1]?.text).toMatch(/Until:\s+Nov 25, 2026, 11:15 UTC/);
    expect(mails[1]?.text).toMatch(/Affects:\s+shop/);
  });
});
