import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { windowStart } from '../history/uptime.ts';
import { expectedTime } from '../test/record-samples.ts';
import { publicStatusJsonSchema } from './public-json.ts';
import { createStatusApp, DAY, MINUTE, NOW, type Sample, type StatusApp } from './test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'entry',
});

async function withIncidents() {
  s = await createStatusApp();
  const owner = await s.user('starter');
  const shop = await s.monitor(owner, 'Shop', { public: true, intervalSeconds: 3600 });
  // Hourly, like the shop: the half hour the test lets pass leaves both fresh, not stale.
  const api = await s.monitor(owner, 'API', { intervalSeconds: 3600 });
  await s.setStatus(shop.id, 'down');
  await s.setStatus(api.id, 'up');
  await s.page(owner, {
    name: 'Acme & Co',
    slug: 'acme',
    published: true,
    monitors: [{ monitorId: shop.id, displayName: 'Storefront' }, { monitorId: api.id }],
  });
  const incident = await s.ok<{ id: string }>(
    await s.send(owner, 'POST', '/incidents', {
      title: 'Checkout <fails>',
      monitorIds: [shop.id],
      update: 'Looking & seeing',
    }),
    201,
  );
  s.clock.advance(30 * MINUTE);
  await s.ok(
    await s.send(owner, 'POST', `/incidents/${incident.id}/updates`, {
      message: 'Found it',
      status: 'identified',
    }),
    201,
  );
  const updates = await s.db
    .selectFrom('incident_updates')
    .select(['id', 'message'])
    .where('incident_id', '=', incident.id)
    .execute();
  return { owner, shop, api, incident, updates };
}

describe('machine-readable status', () => {
  it('serves an Atom feed with a feed id, updated, and one stably identified entry per incident update', async () => {
    const { incident, updates } = await withIncidents();
    const response = await s.get('/status/acme/feed.atom');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = parser.parse(xml);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe('http://localhost:3000/status/acme');
    expect(feed.title).toBe('Acme & Co incidents');
    expect(feed.updated).toBe(new Date(NOW + 30 * MINUTE).toISOString());
    const ids = feed.entry.map((entry: { id: string }) => entry.id);
    expect(updates).toHaveLength(2);
    for (const update of updates) expect(ids).toContain(`urn:uuid:${update.id}`);
    expect(ids).toContain(`urn:uuid:${incident.id}`);
    expect(ids).toHaveLength(3);
    const contents = feed.entry.map((entry: { content: { '#text': string } }) => entry.content['#text']);
    expect(contents).toContain('Looking & seeing');
    expect(xml).toContain('Checkout &lt;fails&gt;');

    // Ids stay the same when the feed is built again.
    s.clock.advance(DAY);
    const again = parser.parse(await (await s.get('/status/acme/feed.atom')).text());
    expect(again.feed.entry.map((entry: { id: string }) => entry.id).sort()).toEqual([...ids].sort());
  });

  it('serves JSON matching its documented schema, with components and active incidents', async () => {
    const { shop, api, incident } = await withIncidents();
    const response = await s.get('/status/acme.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = publicStatusJsonSchema.parse(await response.json());
    expect(body.status).toEqual({ state: 'partial_outage', description: 'Partial outage' });
    expect(body.page).toMatchObject({ name: 'Acme & Co', url: 'http://localhost:3000/status/acme' });
    expect(body.components.map((c) => [c.id, c.name, c.status])).toEqual([
      [shop.id, 'Storefront', 'down'],
      [api.id, 'API', 'up'],
    ]);
    expect(body.activeIncidents).toHaveLength(1);
    expect(body.activeIncidents[0]).toMatchObject({
      id: incident.id,
      status: 'identified',
      componentIds: [shop.id],
    });
    expect(body.activeIncidents[0]?.updates.map((u) => u.message)).toEqual(['Found it', 'Looking & seeing']);
  });

  it('draws status and uptime badges for public monitors as valid SVG with the right text', async () => {
    const { shop, api } = await withIncidents();
    const hour = 3_600_000;
    const first = Math.floor(NOW / hour) * hour;
    // Four hourly checks 3 days ago, then four more ending now: up, up, down, up, and down at
    // the last, which the monitor still is. Each check stands for the time until the next.
    const samples: Sample[] = [
      ...[1, 2, 3, 4].map((n) => ({
        checkedAt: first - 3 * DAY + n * hour,
        status: 'up' as const,
        totalMs: 100,
      })),
      { checkedAt: first - 3 * hour, status: 'up', totalMs: 100 },
      { checkedAt: first - 2 * hour, status: 'down', totalMs: 30_000 },
      { checkedAt: first - hour, status: 'up', totalMs: 100 },
      { checkedAt: first, status: 'down', totalMs: 30_000 },
    ];
    await s.record(shop.id, samples);
    const uptime = (window: '24h' | '7d' | '30d') => {
      const now = s.clock.now();
      const percent = expectedTime(samples, windowStart(window, now), now).uptimePercent ?? 0;
      return `${(Math.floor(percent * 100) / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
    };
    const badge = async (path: string) => {
      const response = await s.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const svg = await response.text();
      expect(XMLValidator.validate(svg)).toBe(true);
      const { svg: root } = parser.parse(svg);
      expect(root['@role']).toBe('img');
      expect(root['@aria-label']).toBe(root.title);
      return root.title as string;
    };
    expect(await badge(`/badge/${shop.id}/status.svg`)).toBe('status: down');
    expect(await badge(`/badge/${shop.id}/uptime.svg?period=24h`)).toBe(`uptime 24h: ${uptime('24h')}`);
    expect(await badge(`/badge/${shop.id}/uptime.svg?period=7d`)).toBe(`uptime 7d: ${uptime('7d')}`);
    expect(await badge(`/badge/${shop.id}/uptime.svg`)).toBe(`uptime 30d: ${uptime('30d')}`);

    const bad = await s.get(`/badge/${shop.id}/uptime.svg?period=1y`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: 'invalid_period', message: 'Choose period=24h, 7d, 30d or 90d.' },
    });
    // The API monitor is on a published page but not public itself: no badge.
    expect((await s.get(`/badge/${api.id}/status.svg`)).status).toBe(404);
  });
});
