// Real-user monitoring end to end (issue 42, item 4): a site's owner turns RUM on in the site
// page, adds the origin of a shop page that carries the snippet, and twenty visits from a real
// Chromium fill the Field panel in: page views, the five vitals' tiles, routes and devices.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { axeFailures, settled } from './axe';
import { chromiumLaunchOptions } from './chromium';
import { fullPageShot, signUp } from './helpers';

const USER = { name: 'Field Journey', emailPrefix: 'rum-field-journey', password: 'field journey 42' };
const SHOTS = process.env.RUM_SHOTS ?? '/tmp/rum-shots';
const VISITS = 20;

/** A visitor's Chrome: headless Chromium names itself HeadlessChrome, and robots are dropped. */
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MOBILE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The shop's page: a heading that paints, and a button whose handler keeps the thread ~60 ms. */
function shopPage(snippet: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>${snippet}</head>
<body style="margin:0;padding:24px;font:16px sans-serif">
  <h1>Spring sale</h1>
  <p>Everything must go, served on 127.0.0.1 for the field journey.</p>
  <button id="buy" style="font-size:20px">Buy now</button>
  <script>
    document.getElementById('buy').addEventListener('click', () => {
      const until = performance.now() + 60; while (performance.now() < until) {}
      document.getElementById('buy').textContent = 'Added';
    });
  </script>
</body></html>`;
}

function listen(handler: (path: string) => string): Promise<Server> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(handler(request.url ?? '/'));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let snippet = '';
/** The site's own URL, as its lab runs load it: no snippet, so only the shop's visits count. */
let site: Server;
/** The instrumented shop, on an origin the site allows only once the owner adds it. */
let shop: Server;
/** Desktop and phone visitors: each browser's own agent names its device. */
const visitors: Partial<Record<'desktop' | 'mobile', Browser>> = {};

test.beforeAll(async () => {
  site = await listen(() => '<!doctype html><html lang="en"><title>Site</title><h1>Site</h1></html>');
  shop = await listen(() => shopPage(snippet));
  // The agent must be the browser's own: a beacon sent as the page goes away carries it, not a
  // context's override (rum-snippet.browser.test.ts).
  const launch = chromiumLaunchOptions();
  for (const [device, agent] of [
    ['desktop', DESKTOP_AGENT],
    ['mobile', MOBILE_AGENT],
  ] as const) {
    visitors[device] = await chromium.launch({ ...launch, args: [...launch.args, `--user-agent=${agent}`] });
  }
});

test.afterAll(async () => {
  await visitors.desktop?.close();
  await visitors.mobile?.close();
  await new Promise((done) => site?.close(done));
  await new Promise((done) => shop?.close(done));
});

/** One page view: open, click (an interaction for INP), then leave, which hides it and reports. */
async function visit(path: string, device: 'desktop' | 'mobile'): Promise<void> {
  const browser = visitors[device];
  if (!browser) throw new Error(`No ${device} browser`);
  const context = await browser.newContext({
    viewport: device === 'mobile' ? { width: 412, height: 860 } : { width: 1280, height: 800 },
  });
  const tab = await context.newPage();
  await tab.goto(`${originOf(shop)}${path}`);
  await tab.locator('#buy').click();
  await expect(tab.locator('#buy')).toHaveText('Added');
  // Let the interaction's frame paint, so Event Timing has its duration.
  await tab.waitForTimeout(200);
  await tab.goto('about:blank');
  await context.close();
}

async function expectNoAxeFailures(page: Page, where: string) {
  await settled(page);
  expect(await axeFailures(page, where)).toEqual([]);
}

test('the owner turns real-user monitoring on, and twenty visits fill the Field panel in', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page, USER);
  const created = await page.request.post('/api/v1/performance/sites', {
    data: { url: `${originOf(site)}/`, name: 'Field shop' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/performance/${id}`);
  const field = page.getByRole('region', { name: 'Field' });
  await field.getByRole('button', { name: 'Turn on real-user monitoring' }).click();
  await expect(field.getByText('Waiting for the first page view', { exact: true })).toBeVisible();
  snippet = (await field.locator('pre').textContent()) ?? '';
  expect(snippet).toMatch(
    /^<script defer src="http:\/\/localhost:\d+\/rum\.js" data-site="[\w-]+"><\/script>$/,
  );

  // The site's own origin is allowed by default; the shop's is added.
  const origins = field.getByLabel('Allowed origins');
  await expect(origins).toHaveValue(originOf(site));
  await origins.fill(`${originOf(site)}\n${originOf(shop)}`);
  await field.getByLabel('Sample rate (%)').fill('100');
  await field.getByRole('button', { name: 'Save settings' }).click();
  await expect(field.getByText('Settings saved.')).toBeVisible();
  await expectNoAxeFailures(page, 'Field setup (light)');
  await fullPageShot(page, `${SHOTS}/field-waiting-1280-light.png`);

  for (let i = 0; i < VISITS; i += 1) {
    const path = i % 4 === 3 ? '/cart' : `/p/${100 + i}?ref=mail`;
    await visit(path, i % 5 === 4 ? 'mobile' : 'desktop');
  }

  // The open page asks every 5 s while it waits: it turns live by itself.
  await expect(field.getByText(/^Live: the first page view came on/)).toBeVisible({ timeout: 20_000 });
  await expect(field.getByText('Waiting for the first page view', { exact: true })).toBeHidden();
  // Page views are written once a second; the panel's figures are the report's when it loads.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(`${VISITS} page views over the last 28 days.`)).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });

  const tiles = field.getByLabel('Field vitals at the 75th percentile');
  for (const value of [/^\d[\d,.]* (ms|s)$/, /^\d\.\d\d$/])
    await expect(tiles.getByText(value).first()).toBeVisible();
  // LCP, INP, FCP and TTFB in time, CLS unitless: five figures, none missing.
  await expect(tiles.getByText(/^(\d[\d,.]* (ms|s)|\d\.\d\d)$/)).toHaveCount(5);
  await expect(field.getByText(/^(Passes|Fails) Core Web Vitals$/)).toBeVisible();
  const routes = field.getByRole('table', { name: 'Routes' });
  await expect(routes.getByRole('rowheader', { name: '/p/:id' })).toBeVisible();
  await expect(routes.getByRole('rowheader', { name: '/cart' })).toBeVisible();
  const devices = field.getByRole('table', { name: 'Devices' });
  await expect(devices.getByRole('rowheader', { name: 'Desktop' })).toBeVisible();
  await expect(devices.getByRole('rowheader', { name: 'Mobile' })).toBeVisible();
  await expect(field.locator('.metric-chart canvas').first()).toBeVisible();

  await expectNoAxeFailures(page, 'Field panel (light)');
  await fullPageShot(page, `${SHOTS}/field-1280-light.png`);
  await field.screenshot({ path: `${SHOTS}/field-panel-1280-light.png`, animations: 'disabled' });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByText(`${VISITS} page views over the last 28 days.`)).toBeVisible();
  await expect(field.locator('.metric-chart canvas').first()).toBeVisible();
  await expectNoAxeFailures(page, 'Field panel (dark)');
  await fullPageShot(page, `${SHOTS}/field-1280-dark.png`);
  await field.screenshot({ path: `${SHOTS}/field-panel-1280-dark.png`, animations: 'disabled' });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByText(`${VISITS} page views over the last 28 days.`)).toBeVisible();
  await expect(field.locator('.metric-chart canvas').first()).toBeVisible();
  await fullPageShot(page, `${SHOTS}/field-375-light.png`);
  await field.screenshot({ path: `${SHOTS}/field-panel-375-light.png`, animations: 'disabled' });
  // Nothing is wider than the phone: the page does not scroll sideways, nor do the field's tables.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const name of ['Routes', 'Devices']) {
    const table = field.getByRole('table', { name });
    const overflow = await table.evaluate(
      (element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0),
    );
    expect(overflow, `${name} table overflow`).toBeLessThanOrEqual(0);
  }
});
