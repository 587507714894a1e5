// What to fix (issue 42, items 3 and 4): the elements named by poor page views, counted per route
// and vital in the site's hour rows, listed by how many poor page views they explain.
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldReport } from '../../../core/api/field.ts';
import { beaconBody, createRumApp, type RumApp, SITE_ORIGIN } from './test/rum-app.ts';

let r: RumApp;
afterEach(async () => {
  await r?.t.close();
});

function visit(path: string, metrics: Record<string, number>, attribution: Record<string, unknown>) {
  return beaconBody({ url: `${SITE_ORIGIN}${path}`, metrics, attribution });
}

describe('attribution', () => {
  it('lists the selectors behind poor LCP, INP and CLS by route, with their share of the poor page views', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { site, key } = await r.enabled(owner);
    const hero = { lcp: { element: 'img.hero', url: 'https://cdn.shop.example.com/hero.jpg' } };
    const sends: Record<string, unknown>[] = [];
    // Product pages: 5 poor LCPs on img.hero, 2 on h1; 3 good ones naming img.hero count for nothing.
    for (let i = 0; i < 5; i += 1) sends.push(visit(`/p/${i + 1}`, { LCP: 5200 }, hero));
    for (let i = 0; i < 2; i += 1) sends.push(visit('/p/9', { LCP: 4600 }, { lcp: { element: 'h1' } }));
    for (let i = 0; i < 3; i += 1) sends.push(visit('/p/7', { LCP: 1200 }, hero));
    // The cart: slow clicks on #buy, a poor shift whose target is the banner.
    for (let i = 0; i < 4; i += 1) {
      sends.push(
        visit(
          '/cart',
          { INP: 650, CLS: 0.4 },
          { inp: { target: '#buy', type: 'pointer' }, cls: { target: 'div.banner' } },
        ),
      );
    }
    for (const body of sends) expect((await r.beacon(key, body)).status).toBe(204);
    await r.t.rum.buffer.flush();

    const report = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h`),
      200,
    );
    expect(report.attribution).toEqual([
      { metric: 'lcp', route: '/p/:id', selector: 'img.hero', count: 5, share: 5 / 7 },
      { metric: 'inp', route: '/cart', selector: '#buy', count: 4, share: 1 },
      { metric: 'cls', route: '/cart', selector: 'div.banner', count: 4, share: 1 },
      { metric: 'lcp', route: '/p/:id', selector: 'h1', count: 2, share: 2 / 7 },
    ]);
    // Grouped by route, the site's culprits are the same list.
    const byRoute = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h&groupBy=route`),
      200,
    );
    expect(byRoute.attribution).toEqual(report.attribution);
    expect(byRoute.pageViews).toBe(sends.length);
  });

  it('keeps at most 20 selectors per vital in an hour row, however many a site has', async () => {
    r = await createRumApp({ trustProxy: true });
    const owner = await r.user('pro');
    const { site, key } = await r.enabled(owner);
    // 30 selectors, each named by a different number of poor page views (30 down to 1), in one hour,
    // from visitors at as many addresses.
    let visitor = 0;
    for (let s = 0; s < 30; s += 1) {
      for (let n = 0; n < 30 - s; n += 1) {
        visitor += 1;
        const address = { 'x-forwarded-for': `198.51.${Math.floor(visitor / 250)}.${visitor % 250}` };
        const body = visit('/', { LCP: 9000 }, { lcp: { element: `div.s${s}` } });
        expect((await r.beacon(key, body, address)).status).toBe(204);
      }
    }
    await r.t.rum.buffer.flush();
    const siteRow = (await r.rows()).find((row) => row.route === '*');
    const stored = JSON.parse(siteRow?.metrics ?? '{}') as { lcp: { a: [string, string, number][] } };
    expect(stored.lcp.a).toHaveLength(20);
    expect(stored.lcp.a[0]).toEqual(['/', 'div.s0', 30]);
    expect(stored.lcp.a[19]).toEqual(['/', 'div.s19', 11]);

    const report = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h`),
      200,
    );
    // Shares are of every poor LCP, the ones past the 20 kept included.
    expect(report.attribution[0]).toEqual({
      metric: 'lcp',
      route: '/',
      selector: 'div.s0',
      count: 30,
      share: 30 / 465,
    });
  });
});
