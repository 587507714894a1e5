// Real visitors' page views, from the snippet's settings to the field figures (issue 42, items 1,
// 2, 3 and 8): what is counted, what is refused (and stores nothing), what is never kept.
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldReport, RumSettings } from '../../../core/api/field.ts';
import { snapshotTables } from '../../platform/db/migrations/test/table-snapshot.ts';
import { errorOf } from '../test/perf-app.ts';
import { beaconBody, createRumApp, type RumApp, SITE_ORIGIN } from './test/rum-app.ts';

let r: RumApp;
afterEach(async () => {
  await r?.t.close();
});

describe('the snippet', () => {
  it('is set up per site with a key, the script tag to paste and the site URL’s origin allowed', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const site = await r.site(owner);
    const before = await r.json<RumSettings>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/rum`),
      200,
    );
    expect(before).toMatchObject({ enabled: false, key: null, snippet: null });

    const settings = await r.json<RumSettings>(
      await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, {
        enabled: true,
        routes: ['/blog/:slug'],
      }),
      200,
    );
    expect(settings.key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(settings.snippet).toBe(
      `<script defer src="http://localhost:3000/rum.js" data-site="${settings.key}"></script>`,
    );
    expect(settings).toMatchObject({
      enabled: true,
      sampleRate: 1,
      allowedOrigins: [SITE_ORIGIN],
      routes: ['/blog/:slug'],
      firstPageViewAt: null,
    });

    // Turning it off and on keeps the key: the pasted tag goes on working.
    const changed = { enabled: false, sampleRate: 0.5, allowedOrigins: ['https://www.shop.example.com'] };
    const off = await r.json<RumSettings>(
      await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, changed),
      200,
    );
    expect(off).toMatchObject({ ...changed, key: settings.key, snippet: settings.snippet });
  });

  it('refuses a route that is not a path pattern and an origin with a path, naming the field', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const site = await r.site(owner);
    const badRoute = await errorOf(
      await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, {
        enabled: true,
        routes: ['blog/:slug'],
      }),
    );
    expect(badRoute).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(badRoute.message).toContain('routes');
    const badOrigin = await errorOf(
      await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, {
        enabled: true,
        allowedOrigins: ['https://shop.example.com/p'],
      }),
    );
    expect(badOrigin).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(badOrigin.message).toContain('allowedOrigins');
  });

  it("is another workspace's site: 404, and no key is made", async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const stranger = await r.user('pro');
    const site = await r.site(owner);
    const refused = await errorOf(
      await r.send(stranger, 'PUT', `/performance/sites/${site.id}/rum`, { enabled: true }),
    );
    expect(refused).toMatchObject({ status: 404, code: 'performance_site_not_found' });
    expect(await r.t.database.db.selectFrom('rum_sites').selectAll().execute()).toEqual([]);
    const field = await errorOf(await r.send(stranger, 'GET', `/performance/sites/${site.id}/field`));
    expect(field.status).toBe(404);
  });
});

describe('page views', () => {
  it('are counted per route and device, at p75 with good / needs improvement / poor counts', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { site, key } = await r.enabled(owner);
    const lcps = [900, 1800, 2600, 3000, 4500];
    for (const [i, lcp] of lcps.entries()) {
      const answer = await r.beacon(
        key,
        beaconBody({
          url: `${SITE_ORIGIN}/p/${i + 1}?q=${i}`,
          device: i < 4 ? 'mobile' : 'desktop',
          metrics: { LCP: lcp, CLS: 0 },
        }),
      );
      expect(answer.status).toBe(204);
    }
    await r.beacon(key, beaconBody({ url: `${SITE_ORIGIN}/about`, metrics: { INP: 240 } }));
    // Nothing is written until the buffer's second is up.
    expect(await r.rows()).toEqual([]);
    await r.t.rum.buffer.flush();

    const report = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h`),
      200,
    );
    expect(report.pageViews).toBe(6);
    // Nearest rank: the 4th of 5 values, 3000 ms, within the sketch's 1 %.
    expect(report.metrics.lcp.p75).toBeGreaterThan(3000 * 0.99);
    expect(report.metrics.lcp.p75).toBeLessThan(3000 * 1.01);
    expect(report.metrics.lcp).toMatchObject({ good: 2, needsImprovement: 2, poor: 1, count: 5 });
    expect(report.metrics.cls).toMatchObject({ p75: 0, good: 5, count: 5 });
    expect(report.metrics.inp).toMatchObject({ needsImprovement: 1, count: 1 });
    expect(report.metrics.ttfb).toEqual({ p75: null, good: 0, needsImprovement: 0, poor: 0, count: 0 });

    const routes = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h&groupBy=route`),
      200,
    );
    expect(routes.groups.map((group) => [group.key, group.pageViews])).toEqual([
      ['/p/:id', 5],
      ['/about', 1],
    ]);
    expect(routes.pageViews).toBe(6);
    const devices = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h&groupBy=device`),
      200,
    );
    expect(devices.groups.map((group) => [group.key, group.pageViews])).toEqual([
      ['mobile', 5],
      ['desktop', 1],
    ]);
    const settings = await r.json<RumSettings>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/rum`),
      200,
    );
    expect(settings.firstPageViewAt).toBe(r.clock.now());
  });

  it('are written once a second on the job clock, and page views of one row add up in it', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { key } = await r.enabled(owner);
    for (let i = 0; i < 3; i++) await r.beacon(key, beaconBody());
    r.clock.advance(1_000);
    await expect.poll(async () => (await r.rows()).length, { timeout: 5_000 }).toBe(2);
    for (let i = 0; i < 2; i++) await r.beacon(key, beaconBody());
    await r.t.rum.buffer.flush();
    const rows = await r.rows();
    // The route's row and the site's total ('*'), each holding all five page views.
    expect(rows.map((row) => [row.route, row.device, row.page_views])).toEqual([
      ['*', 'mobile', 5],
      ['/p/:id', 'mobile', 5],
    ]);
  });

  it('apply the site’s route patterns and the tag’s data-route, and fold routes past 500 into other', async () => {
    r = await createRumApp({ trustProxy: true });
    const owner = await r.user('pro');
    const { site, key } = await r.enabled(owner, { routes: ['/blog/:slug'] });
    const sent = async (body: Record<string, unknown>, address: string) =>
      expect((await r.beacon(key, beaconBody(body), { 'x-forwarded-for': address })).status).toBe(204);
    await sent({ url: `${SITE_ORIGIN}/blog/hello-world` }, '203.0.113.1');
    await sent({ url: `${SITE_ORIGIN}/checkout/step`, route: '/checkout' }, '203.0.113.2');
    for (let i = 0; i < 505; i++) await sent({ url: `${SITE_ORIGIN}/page-${i}` }, `198.51.100.${i % 250}`);
    await r.t.rum.buffer.flush();
    const routes = await r.json<FieldReport>(
      await r.send(owner, 'GET', `/performance/sites/${site.id}/field?range=24h&groupBy=route`),
      200,
    );
    const keys = routes.groups.map((group) => group.key);
    expect(keys).toContain('/blog/:slug');
    expect(keys).toContain('/checkout');
    expect(keys).toHaveLength(501);
    expect(routes.groups.find((group) => group.key === 'other')?.pageViews).toBe(7);
    expect(routes.pageViews).toBe(507);
  });
});

describe('sampling', () => {
  it('keeps every page view at 1 and none at 0, answering 204 either way', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { site, key } = await r.enabled(owner, { sampleRate: 0 });
    for (let i = 0; i < 5; i++) expect((await r.beacon(key, beaconBody())).status).toBe(204);
    await r.t.rum.buffer.flush();
    expect(await r.rows()).toEqual([]);
    await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, { enabled: true, sampleRate: 1 });
    for (let i = 0; i < 5; i++) expect((await r.beacon(key, beaconBody())).status).toBe(204);
    await r.t.rum.buffer.flush();
    expect((await r.rows()).map((row) => row.page_views)).toEqual([5, 5]);
  });
});

describe('a beacon that is refused', () => {
  it('gets a quiet 4xx and stores nothing: unknown key, foreign origin, too large, malformed, out of range', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { key } = await r.enabled(owner);
    const cases: [string, Response | Promise<Response>, number, string][] = [
      ['unknown key', r.beacon('no-such-key', beaconBody()), 404, 'unknown_key'],
      [
        'foreign origin',
        r.beacon(key, beaconBody(), { origin: 'https://evil.example' }),
        403,
        'origin_not_allowed',
      ],
      ['too large', r.beacon(key, beaconBody({ pad: 'x'.repeat(5000) })), 413, 'too_large'],
      ['not JSON', r.beacon(key, '{"v":1,'), 400, 'malformed'],
      ['wrong type', r.beacon(key, beaconBody({ metrics: { LCP: '1234' } })), 400, 'malformed'],
      ['out of range', r.beacon(key, beaconBody({ metrics: { CLS: -1 } })), 400, 'malformed'],
      ['no metric', r.beacon(key, beaconBody({ metrics: {} })), 400, 'malformed'],
      ['unknown field', r.beacon(key, beaconBody({ ip: '203.0.113.9' })), 400, 'malformed'],
      ['other version', r.beacon(key, beaconBody({ v: 2 })), 400, 'malformed'],
      ['empty body', r.beacon(key, ''), 400, 'malformed'],
    ];
    for (const [name, sent, status, code] of cases) {
      const answer = await sent;
      expect([name, answer.status, await answer.text()]).toEqual([name, status, code]);
    }
    // Turned off: its key is refused like an unknown one.
    const { site } = await r.enabled(owner);
    await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, { enabled: false });
    const off = await r.t.database.db
      .selectFrom('rum_sites')
      .select('key')
      .where('site_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect((await r.beacon(off.key, beaconBody())).status).toBe(404);
    await r.t.rum.buffer.flush();
    expect(await r.rows()).toEqual([]);
  });

  it('from a robot is answered 204 and not counted; one with no content type is counted', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { key } = await r.enabled(owner);
    const bot = await r.beacon(key, beaconBody(), {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot.status).toBe(204);
    const lighthouse = await r.beacon(key, beaconBody(), { 'user-agent': 'Mozilla/5.0 Chrome-Lighthouse' });
    expect(lighthouse.status).toBe(204);
    await r.t.rum.buffer.flush();
    expect(await r.rows()).toEqual([]);
    const untyped = await r.t.app.request(`/rum/${key}`, {
      method: 'POST',
      headers: {
        origin: SITE_ORIGIN,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      },
      body: new Blob([JSON.stringify(beaconBody())]),
    });
    expect(untyped.status).toBe(204);
    await r.t.rum.buffer.flush();
    expect((await r.rows()).map((row) => row.page_views)).toEqual([1, 1]);
  });

  it('past 60 a minute from one address is 429 until the minute is up', async () => {
    r = await createRumApp();
    const owner = await r.user('pro');
    const { key } = await r.enabled(owner);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await r.beacon(key, beaconBody())).status);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    const limited = await r.beacon(key, beaconBody());
    expect([limited.status, await limited.text()]).toEqual([429, 'rate_limited']);
    r.clock.advance(60_000);
    expect((await r.beacon(key, beaconBody())).status).toBe(204);
    await r.t.rum.buffer.flush();
    expect((await r.rows()).map((row) => row.page_views)).toEqual([61, 61]);
  });
});

describe('privacy', () => {
  it('after 1,000 page views no table holds an address, a user agent string or a query string', async () => {
    r = await createRumApp({ trustProxy: true });
    const owner = await r.user('pro');
    const { key } = await r.enabled(owner);
    const agent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 Version/17.1 Safari/605.1.15 Tracer/77';
    for (let i = 0; i < 1000; i++) {
      const answer = await r.beacon(
        key,
        beaconBody({
          url: `${SITE_ORIGIN}/order/${i}?email=visitor${i}%40mail.test&token=secret${i}#frag${i}`,
        }),
        { 'x-forwarded-for': `203.0.${Math.floor(i / 250)}.${i % 250}`, 'user-agent': agent },
      );
      expect(answer.status).toBe(204);
    }
    await r.t.rum.buffer.flush();
    const snapshot = await snapshotTables(r.t.database.db, r.t.database.dialect);
    const stored = JSON.stringify([...snapshot.entries()]);
    expect(stored).toContain('/order/:id');
    for (const trace of ['203.0.', 'Tracer/77', 'email=', 'visitor1', 'secret1', 'frag1', 'token=']) {
      expect(stored.includes(trace), trace).toBe(false);
    }
  });
});
