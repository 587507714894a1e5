import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { buyPlan, signUp } from './helpers';

const PERFORMANCE_CHECKOUT = { successPath: '/dashboard/performance', nameOnCard: 'Performance Starter' };
const USER = {
  name: 'Performance Journey',
  emailPrefix: 'performance-journey',
  password: 'performance journey 42',
};

const SHOTS = process.env.PERF_SHOTS ?? 'test-results';
const STILL = { animations: 'disabled' } as const;
// One Lighthouse run in Chromium takes seconds to tens of seconds; each wait allows 90 s.
const RUN = { timeout: 90_000 };

const LIGHT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Light page</title></head>
<body><h1>A light page</h1><p>Served on 127.0.0.1 for the performance journey.</p></body></html>`;

let site: Server;
let sitePort: number;

test.beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(LIGHT_PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

test('a Starter user adds a performance site, runs it, and sees the vitals and the trend chart', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page, USER);
  await buyPlan(page, 'starter', PERFORMANCE_CHECKOUT);

  await page.getByRole('button', { name: 'Add site' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a performance site' });
  await dialog.getByLabel('URL').fill(`http://127.0.0.1:${sitePort}/`);
  await dialog.getByLabel('Name (optional)').fill('Light page');
  // Starter's default budget (SPEC.md's sample) is prefilled.
  await expect(dialog.getByLabel('Largest Contentful Paint limit')).toHaveValue('2000');
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem').filter({ hasText: 'Light page' });
  await expect(card.getByText('Mobile (simulated throttling)')).toBeVisible();
  // A new site's first run is due at once; its vitals arrive over the event stream.
  const vitals = card.locator('dl[aria-label="Vitals"]');
  await expect(card.getByText('Run finished.')).toBeVisible(RUN);
  await expect(vitals.getByText(/^\d+\.\d s$/).first()).toBeVisible();
  await expect(card.getByText(/^(Within|Over) budget$/)).toBeVisible();

  await card.getByRole('button', { name: 'Run now' }).click();
  await expect(card.getByText(/^Run queued|^Running Lighthouse/)).toBeVisible();
  await expect(page.getByText('Starter plan: 1 of 15 sites · 99 of 100 runs left this month')).toBeVisible();
  await expect(card.getByText('Run finished.')).toBeVisible(RUN);
  await page.screenshot({ path: `${SHOTS}/performance-dashboard.png`, fullPage: true, ...STILL });

  await card.getByRole('link', { name: 'Light page' }).click();
  await expect(page.getByRole('heading', { name: 'Light page' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Runs' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Budget: at most 2.0 s')).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Largest Contentful Paint over the last 2 runs/ }),
  ).toBeVisible();
  await expect(page.locator('.metric-chart canvas').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/performance-site.png`, fullPage: true, ...STILL });
});

test("the monitor's performance tab adds a site for the monitor's URL and marks a deployment on its charts", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page, USER);
  // Deployment tracking (apiAccess) is a Pro feature.
  await buyPlan(page, 'pro', PERFORMANCE_CHECKOUT);
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Light monitor', url: `http://127.0.0.1:${sitePort}/`, intervalSeconds: 300 },
  });
  expect(created.status()).toBe(201);
  const monitorId = ((await created.json()) as { id: string }).id;

  await page.goto(`/dashboard/monitors/${monitorId}/performance`);
  await expect(page.getByText('No performance site for this monitor')).toBeVisible();
  await page.getByRole('button', { name: 'Add a performance site for this URL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a performance site' });
  await expect(dialog.getByLabel('URL')).toHaveValue(`http://127.0.0.1:${sitePort}/`);
  await expect(dialog.getByLabel('Linked monitor (optional)')).toHaveValue(monitorId);
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(dialog).toBeHidden();

  const runs = page.getByRole('table', { name: 'Runs' }).getByRole('row');
  await expect(runs).toHaveCount(2, RUN);
  await expect(runs.nth(1)).toContainText('Done', RUN);
  // A deployment between two runs: its marker falls inside the charts' time range.
  const deployed = await page.request.post('/api/v1/deployments', {
    data: { version: 'v2.0.0', monitor_ids: [monitorId] },
  });
  expect(deployed.status()).toBe(201);
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(runs).toHaveCount(3, RUN);
  await expect(runs.nth(1)).toContainText('Run now');
  await expect(runs.nth(1)).toContainText('Done', RUN);
  await expect(
    page.getByRole('img', {
      name: /^Largest Contentful Paint over the last 2 runs: .*Marked: Deployment v2\.0\.0/,
    }),
  ).toBeVisible();
  await expect(page.locator('.chart-marker').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/performance-monitor-tab.png`, fullPage: true, ...STILL });
});
