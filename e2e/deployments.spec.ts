import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { buyPlan, signUp } from './helpers';

const USER = {
  name: 'Deployments Journey',
  emailPrefix: 'deployments-journey',
  password: 'deployments journey 42',
};

const SHOTS = process.env.DEPLOY_SHOTS ?? 'e2e/screenshots';
const STILL = { animations: 'disabled' } as const;
const run = promisify(execFile);

/** The monitor's check results, newest first, as the app reads them. */
async function results(request: APIRequestContext, monitorId: string) {
  const answer = await request.get(`/api/v1/monitors/${monitorId}/results`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { results: { checkedAt: number; reason?: string }[] }).results;
}

let site: Server;
let sitePort: number;

test.beforeAll(async () => {
  site = createServer((_req, res) => res.end('<h1>Deployed site</h1>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

test("the landing page's CI example, run with a new API key, shows up on the monitor's deployments tab and chart", async ({
  page,
  browser,
}) => {
  await signUp(page, USER);
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Deployed site', url: `http://127.0.0.1:${sitePort}/`, intervalSeconds: 300 },
  });
  expect(created.status()).toBe(201);
  const monitorId = ((await created.json()) as { id: string }).id;
  // A check before the deployment, so the hour before it has a median to compare with.
  await expect.poll(async () => (await results(page.request, monitorId)).length, { timeout: 20_000 }).toBe(1);
  await buyPlan(page, 'pro', { successPath: '/dashboard/settings/api', nameOnCard: 'Deployments Pro' });

  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByLabel('Name').fill('CI');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key “CI” created' });
  const key = (await dialog.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^uw_live_/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The command exactly as a visitor reads it on the landing page.
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  await landing.goto('/');
  const example = landing.locator('pre code', { hasText: '/api/v1/deployments' });
  const shown = (await example.textContent()) ?? '';
  await visitor.close();
  expect(shown).toContain('Bearer {key}');
  const { stdout } = await run('sh', ['-c', shown.replace('{key}', key)], { timeout: 15_000 });
  const deployment = JSON.parse(stdout) as {
    version: string;
    monitorIds: string[];
    triggeredMonitorIds: string[];
  };
  expect(deployment.version).toBe('v1.4.2');
  expect(deployment.monitorIds).toEqual([monitorId]);
  expect(deployment.triggeredMonitorIds).toEqual([monitorId]);
  // trigger_checks: the immediate check lands with reason 'deployment'.
  await expect
    .poll(
      async () => (await results(page.request, monitorId)).filter((r) => r.reason === 'deployment').length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);

  await page.goto(`/dashboard/monitors/${monitorId}/deployments`);
  const row = page.getByRole('listitem', { name: 'Deployment v1.4.2' });
  await expect(row).toContainText('API');
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText('production');
  await expect(row).toContainText(/[+\-±]\d+ ms p50 after v1\.4\.2/);
  await expect(row).toContainText(/Error rate 0\.0% before, 0\.0% after/);
  await page.screenshot({ path: `${SHOTS}/deployments-tab.png`, fullPage: true, ...STILL });

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/monitors/${monitorId}$`));
  const marker = page.getByLabel(/^Deployment v1\.4\.2 via API at /);
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveText('v1.4.2');
  await page.screenshot({ path: `${SHOTS}/deployment-marker.png`, fullPage: true, ...STILL });
});

test('a receiver secret is shown once, and a deployment recorded by hand links to its monitor', async ({
  page,
}) => {
  await signUp(page, USER);
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Hand-deployed site', url: `http://127.0.0.1:${sitePort}/`, intervalSeconds: 300 },
  });
  const monitorId = ((await created.json()) as { id: string }).id;
  await buyPlan(page, 'pro', { successPath: '/dashboard/settings/api', nameOnCard: 'Deployments Pro' });

  const github = page.getByRole('region', { name: 'GitHub webhook' });
  await expect(github).toContainText('Not set up');
  await expect(github).toContainText('/api/deployments/github');
  await github.getByRole('button', { name: 'Set up GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub webhook secret' });
  const secret = (await dialog.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await page.screenshot({ path: `${SHOTS}/webhook-secret.png`, ...STILL });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(github).toContainText(`secret ending ${secret.slice(-4)}`);
  await page.getByRole('region', { name: 'Deployment webhooks' }).screenshot({
    path: `${SHOTS}/deployment-webhooks.png`,
    ...STILL,
  });

  await page.goto('/dashboard/deployments/new');
  await page.getByLabel('Version').fill('v1.5.0');
  await page.getByLabel('Branch').fill('main');
  await page.getByRole('checkbox', { name: /Hand-deployed site/ }).check();
  await page.screenshot({ path: `${SHOTS}/new-deployment.png`, fullPage: true, ...STILL });
  await page.getByRole('button', { name: 'Record deployment' }).click();
  const done = page.getByRole('status', { name: 'Deployment recorded' });
  await expect(done).toContainText('Deployment v1.5.0 recorded');
  await done.getByRole('link', { name: 'Hand-deployed site' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/monitors/${monitorId}/deployments$`));
  await expect(page.getByRole('listitem', { name: 'Deployment v1.5.0' })).toContainText('Manual');
});
