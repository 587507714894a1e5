import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

const USER = { name: 'Monitor Journey', emailPrefix: 'monitor-journey', password: 'monitor journey 42' };

const SHOTS = 'e2e/screenshots';

/** A website on 127.0.0.1 that can go down and come back on the same port. */
class LocalSite {
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = createServer((_req, res) => res.end('<h1>Local site</h1>'));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

test('a monitor goes up, turns down live when its site stops, and recovers', async ({ page }) => {
  const site = new LocalSite();
  await site.start();
  try {
    await signUp(page, USER);

    await page.goto('/dashboard/monitors/new');
    await page.getByLabel('Name').fill('Local site');
    await page.getByLabel('URL').fill(`http://127.0.0.1:${site.port}/`);
    await page.getByLabel('Check interval').selectOption({ label: 'Every 5 s' });
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await expect(page).toHaveURL(/\/dashboard\/monitors\/[^/]+$/);

    // The first Up may come before the page subscribes to live events: a reload may show it.
    // Everything after it must arrive live.
    // The row is the list item; its link is the monitor's name.
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Local site' }) });
    await expect(async () => {
      await page.goto('/dashboard');
      await expect(row.getByText('Up', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/dashboard-up.png`, fullPage: true });

    // From here on the page is never reloaded: the change must arrive over the live stream.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await site.stop();
    await expect(row.getByText('Down', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/dashboard-down.png`, fullPage: true });

    await site.start();
    await expect(row.getByText('Up', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(navigations).toEqual([]);

    await row.click();
    await expect(page.getByText('Connection refused', { exact: false }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/monitor-detail.png`, fullPage: true });
  } finally {
    await site.stop();
  }
});
