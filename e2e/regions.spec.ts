import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signUp } from './helpers';
import { startRegionalWorkers } from './regional-workers';

/** Region a's checks leave from 127.0.0.2, and the shop refuses that address alone. */
const REGIONS = [
  { region: 'a', sourceAddress: '127.0.0.2' },
  { region: 'b', sourceAddress: '127.0.0.3' },
  { region: 'c', sourceAddress: '127.0.0.4' },
];

let site: Server;
let siteUrl: string;
let workers: ReturnType<typeof startRegionalWorkers>;

test.beforeAll(async () => {
  site = createServer((req, res) => {
    res.statusCode = req.socket.remoteAddress === '127.0.0.2' ? 503 : 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<h1>Shop</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  workers = startRegionalWorkers(REGIONS);
});

test.afterAll(async () => {
  await workers.stop();
  await new Promise((resolve) => site.close(resolve));
});

test('a monitor checked from regions a, b and c: one failing region shows, and opens nothing', async ({
  page,
}) => {
  await signUp(page, { name: 'Rui Regions', emailPrefix: 'regions', password: 'correct-horse-9' });

  await page.goto('/dashboard/settings/regions');
  for (const region of ['a', 'b', 'c', 'local']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${region}\\s*Online$`) })).toBeVisible();
  }

  // Created paused, so no check runs before its regions are chosen: the e2e server's own region
  // `local` is live too, and every live region checks a monitor by default.
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Regional shop', url: siteUrl, intervalSeconds: 5, paused: true },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/dashboard/monitors/${id}/settings`);
  await expect(page.getByRole('radio', { name: /All live regions/ })).toBeChecked();
  await page.getByRole('radio', { name: /Only these regions/ }).check();
  await page.getByRole('checkbox', { name: 'local', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save regions' }).click();
  await expect(page.getByText('Regions saved.')).toBeVisible();
  expect((await page.request.post(`/api/v1/monitors/${id}/resume`)).ok()).toBe(true);

  // Region a confirms its failure; b and c are up, so the quorum (2 of 3) keeps the monitor up.
  await expect
    .poll(
      async () => {
        const monitor = (await (await page.request.get(`/api/v1/monitors/${id}`)).json()) as {
          status: string;
          failingFrom: string[];
        };
        return `${monitor.status} ${monitor.failingFrom.join()}`;
      },
      { timeout: 30_000 },
    )
    .toBe('up a');
  await expect
    .poll(
      async () => {
        const { results } = (await (await page.request.get(`/api/v1/monitors/${id}/results`)).json()) as {
          results: { region: string }[];
        };
        return ['a', 'b', 'c'].every(
          (region) => results.filter((result) => result.region === region).length >= 2,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.goto(`/dashboard/monitors/${id}`);
  const header = page.getByRole('heading', { level: 1, name: 'Regional shop' }).locator('..');
  await expect(header.getByText('Up', { exact: true })).toBeVisible();
  await expect(header.getByText('Failing from a', { exact: true })).toBeVisible();

  const card = page.locator('div.rounded-ui', { has: page.getByRole('heading', { name: 'Regions' }) });
  await expect(card.getByText('Down when 2 of 3 live regions fail')).toBeVisible();
  const rows = card.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('a');
  await expect(rows.nth(1)).toContainText('Down');
  await expect(rows.nth(1)).toContainText('503');
  await expect(rows.nth(2)).toContainText('Up');
  await expect(rows.nth(3)).toContainText('Up');

  // The response chart: a line per region, named in its legend.
  const legend = page.locator('.response-chart .u-legend .u-series .u-label');
  await expect(legend).toHaveText(['Time', 'a', 'b', 'c', 'Failed']);
  await expect(page.locator('figure figcaption')).toContainText('from 3 regions: a ');

  // One region failing alone opens no incident.
  const incidents = (await (await page.request.get('/api/v1/incidents')).json()) as { incidents: unknown[] };
  expect(incidents.incidents).toEqual([]);
});
