// Stale is not up (issue 40, item 3): on the fake clock, a monitor whose checks stop shows `stale`
// after twice its interval plus its timeout in the list, its own answer, the dashboard counts,
// a status page (HTML, JSON, badge) and /metrics; before that its real status, after a new result
// that result.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MonitorTable } from '../platform/db/schema.ts';
import { recordResults } from '../recording/record.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const INTERVAL_S = 60;
const TIMEOUT_S = 10;
/** 2 × interval + timeout. */
const STALE_AFTER_MS = 2 * INTERVAL_S * 1000 + TIMEOUT_S * 1000;

let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;
beforeEach(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
});
afterEach(async () => {
  await app.t.close();
});

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await app.send(owner, 'POST', '/monitors', {
    intervalSeconds: INTERVAL_S,
    timeoutSeconds: TIMEOUT_S,
    ...body,
  });
  return (await app.json<{ id: string }>(response, 201)).id;
}

async function row(id: string): Promise<MonitorTable> {
  return app.t.database.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A worker's result for the monitor, checked now, through the same write path as the check job. */
async function checked(id: string) {
  const { db, dialect } = app.t.database;
  await db.updateTable('monitors').set({ claimed_by: 'w1' }).where('id', '=', id).execute();
  const outcome = {
    checkedAt: app.clock.now(),
    region: 'local',
    status: 'up' as const,
    statusCode: 200,
    timings: { totalMs: 120, dnsMs: 4, connectMs: 11, tlsMs: 23, ttfbMs: 70, downloadMs: 2 },
    responseBytes: 2,
    failure: null,
  };
  await recordResults(db, dialect, 'w1', [{ monitor: await row(id), outcome }], 0);
}

async function listed(query = ''): Promise<Record<string, string>> {
  const body = await app.json<{ monitors: { id: string; status: string }[] }>(
    await app.send(owner, 'GET', `/monitors${query}`),
    200,
  );
  return Object.fromEntries(body.monitors.map((m) => [m.id, m.status]));
}

async function statusOf(id: string): Promise<string> {
  return (await app.json<{ status: string }>(await app.send(owner, 'GET', `/monitors/${id}`), 200)).status;
}

async function metricsFor(id: string) {
  const { key } = await app.json<{ key: string }>(
    await app.send(owner, 'POST', '/api-keys', { name: 'Prometheus', role: 'viewer' }),
    201,
  );
  const response = await app.t.request('/metrics', { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  const families = parsePrometheusTextFormat(await response.text());
  const value = (name: string) =>
    families.find((f) => f.name === name)?.metrics.find((m) => m.labels?.monitor_id === id)?.value;
  return {
    status: value('upwatch_monitor_status'),
    stale: value('upwatch_monitor_stale'),
    up: value('upwatch_monitor_up'),
  };
}

describe('a monitor whose checks stop', () => {
  it('shows its real status until twice its interval plus its timeout, then stale, then the next result', async () => {
    const shop = await create({ name: 'Shop', url: 'https://shop.example.com' });
    await checked(shop);
    app.clock.advance(STALE_AFTER_MS);
    expect(await statusOf(shop)).toBe('up');
    expect((await listed())[shop]).toBe('up');
    expect(await metricsFor(shop)).toEqual({ status: '1', stale: '0', up: '1' });

    app.clock.advance(1);
    expect(await statusOf(shop)).toBe('stale');
    expect((await listed())[shop]).toBe('stale');
    expect(await listed('?status=stale')).toEqual({ [shop]: 'stale' });
    expect(await listed('?status=up')).toEqual({});
    const summary = await app.json<{ byStatus: Record<string, number> }>(
      await app.send(owner, 'GET', '/monitors/summary'),
      200,
    );
    expect(summary.byStatus).toMatchObject({ up: 0, stale: 1 });
    // 5 is stale; no up sample, since its last status is not known to hold.
    expect(await metricsFor(shop)).toEqual({ status: '5', stale: '1', up: undefined });

    await checked(shop);
    expect(await statusOf(shop)).toBe('up');
    expect(await listed('?status=stale')).toEqual({});
    expect(await metricsFor(shop)).toEqual({ status: '1', stale: '0', up: '1' });
    // And stale again only once that result is as old.
    app.clock.advance(STALE_AFTER_MS);
    expect(await statusOf(shop)).toBe('up');
  });

  it('never goes stale while paused, in maintenance, or when it is a heartbeat', async () => {
    const paused = await create({ name: 'Paused', url: 'https://paused.example.com' });
    const held = await create({ name: 'Held', url: 'https://held.example.com' });
    const backup = await create({ name: 'Nightly backup', kind: 'heartbeat', periodSeconds: 3600 });
    await checked(paused);
    await checked(held);
    await app.json(await app.send(owner, 'POST', `/monitors/${paused}/pause`), 200);
    const { db } = app.t.database;
    const until = NOW + 10 * STALE_AFTER_MS;
    await db.updateTable('monitors').set({ maintenance_until: until }).where('id', '=', held).execute();
    app.clock.advance(3 * STALE_AFTER_MS);
    expect(await listed()).toEqual({ [paused]: 'paused', [held]: 'up', [backup]: 'pending' });
    // The window over, the monitor's checks are late like any other's.
    app.clock.advance(until + 1 - app.clock.now());
    expect(await statusOf(held)).toBe('stale');
  });

  it('goes stale when it was never checked at all, counted from its creation or resumption', async () => {
    const fresh = await create({ name: 'Fresh', url: 'https://fresh.example.com' });
    app.clock.advance(STALE_AFTER_MS);
    expect(await statusOf(fresh)).toBe('pending');
    app.clock.advance(1);
    expect(await statusOf(fresh)).toBe('stale');
    await app.json(await app.send(owner, 'POST', `/monitors/${fresh}/pause`), 200);
    app.clock.advance(10 * STALE_AFTER_MS);
    expect(
      (await app.json<{ status: string }>(await app.send(owner, 'POST', `/monitors/${fresh}/resume`), 200))
        .status,
    ).toBe('pending');
  });
});

describe('a stale monitor on its status page', () => {
  it('reads stale in the HTML, the JSON, the badge and the headline', async () => {
    const shop = await create({ name: 'Shop', url: 'https://shop.example.com', public: true });
    await checked(shop);
    await app.json(
      await app.send(owner, 'POST', '/status-pages', {
        name: 'Acme',
        slug: 'acme',
        monitors: [{ monitorId: shop, displayName: null }],
        published: true,
      }),
      201,
    );
    const json = async () => (await app.t.request('/status/acme.json')).json();
    expect((await json()).components[0].status).toBe('up');
    expect((await json()).status.state).toBe('operational');

    app.clock.advance(STALE_AFTER_MS + 1);
    const page = await json();
    expect(page.components[0].status).toBe('stale');
    // Not known to be up: the headline does not say all is well.
    expect(page.status.state).toBe('degraded');
    const html = await (await app.t.request('/status/acme')).text();
    expect(html).toContain('<span class="s s-stale">No recent checks</span>');
    const single = await (await app.t.request(`/status/monitor/${shop}`)).text();
    expect(single).toContain('s-stale');
    const badge = await (await app.t.request(`/badge/${shop}/status.svg`)).text();
    expect(badge).toContain('aria-label="status: stale"');
  });
});
