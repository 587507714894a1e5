// The built /rum.js on a real page in real Chromium (issue 42's acceptance): a shop page on its
// own origin carries the snippet; its hero image paints, a banner shifts the layout, a click runs
// a slow handler; when the page is hidden exactly one beacon arrives with all five vitals and
// their attribution, and the page view is counted. The same page served from an origin the site
// does not allow reports too, and nothing is stored.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../../e2e/chromium.ts';
import type { RumSettings } from '../../../core/api/field.ts';
import { WEB_DIST_DIR } from '../../app/runtime.ts';
import { createUser } from '../../test/factories.ts';
import { buildApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { freePort } from '../../test/upwatch-process.ts';

/** A visitor's Chrome: headless Chromium names itself HeadlessChrome, and robots are dropped. */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let database: TestDatabase;
let upwatch: { url: string; close(): Promise<void> };
let built: ReturnType<typeof buildApp>;
let shop: Server;
let elsewhere: Server;
let browser: Browser;
const arrivals: { status: number; body: string }[] = [];

/**
 * The hero image, the page's LCP element: 400 coloured tiles, about 20 KB. Chromium leaves out of
 * LCP images under 0.05 bits per pixel (a plain one-colour picture), so it must carry some.
 */
const HERO = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600">${Array.from(
  { length: 400 },
  (_, i) =>
    `<rect x="${(i % 20) * 60}" y="${Math.floor(i / 20) * 30}" width="60" height="30" fill="#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}"/>`,
).join('')}</svg>`;

function page(snippet: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>${snippet}</head>
<body style="margin:0;font:16px sans-serif">
  <div id="slot"></div>
  <button id="buy" style="font-size:20px">Buy now</button>
  <img class="hero" src="/hero.svg" width="1200" height="600" alt="Sale">
  <p>Everything must go.</p>
  <script>
    // A late banner pushes everything down: a layout shift no input caused.
    setTimeout(() => { document.getElementById('slot').innerHTML =
      '<div class="banner" style="height:180px;background:#fde68a">Free shipping</div>'; }, 300);
    // A handler that keeps the main thread ~150 ms: an interaction INP measures.
    document.getElementById('buy').addEventListener('click', () => {
      const until = performance.now() + 150; while (performance.now() < until) {}
      document.getElementById('buy').textContent = 'Added';
    });
  </script>
</body></html>`;
}

/** A single-page app: a click shows a product by the History API, as a router does. */
function singlePageApp(snippet: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>App</title>${snippet}</head>
<body style="margin:0;font:16px sans-serif">
  <a id="open" href="/app/p/7" style="font-size:20px">Open product 7</a>
  <main id="view"><h1>Catalogue</h1><img class="hero" src="/hero.svg" width="1200" height="600" alt=""></main>
  <script>
    document.getElementById('open').addEventListener('click', (event) => {
      event.preventDefault();
      history.pushState({}, '', '/app/p/7');
      document.getElementById('view').innerHTML =
        '<h1 class="product">Product 7</h1><p style="font-size:40px">A very fine product, in stock.</p>';
    });
  </script>
</body></html>`;
}

function shopServer(snippet: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/hero.svg')) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(HERO);
      return;
    }
    if (request.url?.startsWith('/app')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(singlePageApp(snippet()));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(snippet()));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  built = buildApp(database, { publicUrl }, { webDistDir: WEB_DIST_DIR, allowPrivateTargets: true });
  const fetch = async (request: Request) => {
    if (request.method !== 'POST' || !new URL(request.url).pathname.startsWith('/rum/')) {
      return built.app.fetch(request);
    }
    const body = await request.clone().text();
    const response = await built.app.fetch(request);
    arrivals.push({ status: response.status, body });
    return response;
  };
  upwatch = await new Promise((resolve) => {
    const running = serve({ fetch, port, hostname: '127.0.0.1' }, () =>
      resolve({ url: publicUrl, close: () => new Promise<void>((done) => running.close(() => done())) }),
    );
  });
  let snippet = '';
  shop = await shopServer(() => snippet);
  elsewhere = await shopServer(() => snippet);

  const owner = await createUser(built.auth, { name: 'Shop Owner' });
  await built.billing.attach?.grant(owner.id, 'pro');
  const headers = { cookie: owner.cookie, origin: publicUrl, 'content-type': 'application/json' };
  const site = (await (
    await built.app.request('/api/v1/performance/sites', {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `${originOf(shop)}/` }),
    })
  ).json()) as { id: string };
  const settings = (await (
    await built.app.request(`/api/v1/performance/sites/${site.id}/rum`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ enabled: true }),
    })
  ).json()) as RumSettings;
  expect(settings.allowedOrigins).toEqual([originOf(shop)]);
  snippet = settings.snippet ?? '';
  // For every request: a beacon sent as the page goes away carries the browser's own agent, not
  // a context's override.
  const launch = chromiumLaunchOptions();
  browser = await chromium.launch({ ...launch, args: [...launch.args, `--user-agent=${VISITOR_AGENT}`] });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => shop?.close(done));
  await new Promise((done) => elsewhere?.close(done));
  await upwatch?.close();
  await database?.destroy();
});

async function visit(origin: string): Promise<void> {
  const context = await browser.newContext({
    userAgent: VISITOR_AGENT,
    viewport: { width: 1280, height: 900 },
  });
  const tab = await context.newPage();
  await tab.goto(`${origin}/p/42?coupon=SECRET#reviews`);
  await tab.waitForFunction(() => document.querySelector('.banner') !== null);
  await tab.locator('#buy').click();
  await expect.poll(() => tab.locator('#buy').textContent()).toBe('Added');
  // Let the interaction's frame paint, so Event Timing has its duration.
  await tab.waitForTimeout(300);
  // Leaving the page hides it: web-vitals reports its final values, the snippet sends them.
  await tab.goto('about:blank');
  await context.close();
}

it('sends exactly one beacon per page view with the five vitals and attribution, and counts it', async () => {
  await visit(originOf(shop));
  await expect.poll(() => arrivals.length, { timeout: 10_000 }).toBe(1);
  // Nothing more comes later (the page closed, but a second report would have come with it).
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(arrivals).toHaveLength(1);
  const [arrival] = arrivals;
  expect(arrival?.status).toBe(204);
  const beacon = JSON.parse(arrival?.body ?? '{}');
  expect(beacon).toMatchObject({ v: 1, url: `${originOf(shop)}/p/42`, device: 'desktop', nav: 'navigate' });
  expect(Object.keys(beacon.metrics).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  expect(beacon.metrics.CLS).toBeGreaterThan(0);
  expect(beacon.metrics.INP).toBeGreaterThanOrEqual(100);
  expect(beacon.attribution.lcp.element).toContain('img.hero');
  expect(beacon.attribution.lcp.url).toContain('/hero.svg');
  expect(beacon.attribution.inp).toMatchObject({ target: expect.stringContaining('#buy'), type: 'pointer' });
  expect(beacon.attribution.inp.processingDuration).toBeGreaterThanOrEqual(100);
  expect(beacon.attribution.cls.target).toBeTruthy();

  await built.rum.buffer.flush();
  const rows = await database.db.selectFrom('rum_hours').selectAll().orderBy('route').execute();
  expect(rows.map((row) => [row.route, row.device, row.page_views])).toEqual([
    ['*', 'desktop', 1],
    ['/p/:id', 'desktop', 1],
  ]);
});

it('stores nothing from a page on an origin the site does not allow', async () => {
  arrivals.length = 0;
  await database.db.deleteFrom('rum_hours').execute();
  await visit(originOf(elsewhere));
  await expect.poll(() => arrivals.length, { timeout: 10_000 }).toBe(1);
  expect(arrivals[0]?.status).toBe(403);
  await built.rum.buffer.flush();
  expect(await database.db.selectFrom('rum_hours').selectAll().execute()).toEqual([]);
});

it("counts a single-page app's soft navigation as a page view of its own route", async () => {
  arrivals.length = 0;
  await database.db.deleteFrom('rum_hours').execute();
  const context = await browser.newContext({
    userAgent: VISITOR_AGENT,
    viewport: { width: 1280, height: 900 },
  });
  const tab = await context.newPage();
  await tab.goto(`${originOf(shop)}/app`);
  await tab.waitForTimeout(500);
  await tab.locator('#open').click();
  await expect.poll(() => tab.locator('h1.product').count()).toBe(1);
  // The soft navigation's paint, then the moment the snippet waits before sending the view before it.
  await expect.poll(() => arrivals.length, { timeout: 5_000 }).toBe(1);
  await tab.goto('about:blank');
  await context.close();
  await expect.poll(() => arrivals.length, { timeout: 10_000 }).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const beacons = arrivals.map((arrival) => ({ status: arrival.status, ...JSON.parse(arrival.body) }));
  expect(beacons.map((beacon) => [beacon.status, beacon.url, beacon.nav])).toEqual([
    [204, `${originOf(shop)}/app`, 'navigate'],
    [204, `${originOf(shop)}/app/p/7`, 'soft-navigation'],
  ]);
  // The document's view has its load vitals; the soft navigation its own paint.
  expect(Object.keys(beacons[0].metrics)).toEqual(expect.arrayContaining(['FCP', 'LCP', 'TTFB']));
  expect(beacons[1].metrics.LCP).toBeGreaterThan(0);

  await built.rum.buffer.flush();
  const rows = await database.db.selectFrom('rum_hours').selectAll().orderBy('route').execute();
  expect(rows.map((row) => [row.route, row.page_views])).toEqual([
    ['*', 2],
    ['/app', 1],
    ['/app/p/:id', 1],
  ]);
});
