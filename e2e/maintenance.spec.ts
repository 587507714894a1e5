import { type Browser, expect, type Page, test } from '@playwright/test';
import { fullPageShot, signUp, startSite } from './helpers';

const USER = { name: 'Maintenance Planner', emailPrefix: 'maintenance', password: 'maintenance journey 42' };
const SHOTS = 'test-results';

const shot = (page: Page, name: string) => fullPageShot(page, `${SHOTS}/${name}.png`);

/** The public page's text as a visitor without JavaScript sees it, once it says `expected`. */
async function publicPageSays(browser: Browser, path: string, expected: string) {
  await expect
    .poll(
      async () => {
        const context = await browser.newContext({ javaScriptEnabled: false });
        const visitor = await context.newPage();
        await visitor.goto(path);
        const text = await visitor.locator('body').innerText();
        await context.close();
        return text;
      },
      // A built page is kept for 10 s.
      { timeout: 25_000, intervals: [1000] },
    )
    .toContain(expected);
}

test('a maintenance window scheduled in the app is listed on the public status page', async ({
  page,
  browser,
}) => {
  const site = await startSite();
  try {
    await signUp(page, USER);
    const created = await page.request.post('/api/v1/monitors', {
      data: { name: 'Shop', url: site.url, intervalSeconds: 5 },
    });
    expect(created.ok()).toBe(true);
    const { id: monitorId } = (await created.json()) as { id: string };
    const published = await page.request.post('/api/v1/status-pages', {
      data: { name: 'Acme', slug: `acme-${Date.now()}`, published: true, monitors: [{ monitorId }] },
    });
    expect(published.ok()).toBe(true);
    const { slug } = (await published.json()) as { slug: string };

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Maintenance' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/maintenance$/);
    await expect(page.getByText('No maintenance scheduled')).toBeVisible();
    await page.getByRole('button', { name: 'Schedule maintenance' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Schedule maintenance' });
    await dialog.getByLabel('Name').fill('Database upgrade');
    // The form starts at the next whole hour, on the viewer's clock.
    await dialog.getByLabel('Duration (minutes)').fill('45');
    await dialog.getByLabel('Chosen monitors').check();
    await dialog.getByRole('checkbox', { name: /Shop/ }).check();
    await shot(page, 'maintenance-dialog');
    await dialog.getByRole('button', { name: 'Schedule window' }).click();
    await expect(dialog).toBeHidden();

    const list = page.getByRole('list', { name: 'In progress and upcoming' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Database upgrade');
    await expect(list).toContainText('Upcoming');
    await expect(list).toContainText('Shop');
    await expect(page.getByRole('list', { name: 'Maintenance calendar' })).toContainText('Database upgrade');
    await shot(page, 'maintenance-light');

    await publicPageSays(browser, `/status/${slug}`, 'Scheduled maintenance');
    await publicPageSays(browser, `/status/${slug}`, 'Database upgrade');

    // Started now: the monitor is under maintenance at once, in the app and on the page.
    await list.getByRole('button', { name: 'Start now' }).click();
    await expect(list).toContainText('In progress');
    await page.goto('/dashboard');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Shop' }) });
    await expect(row.getByText('Maintenance')).toBeVisible();
    await shot(page, 'maintenance-dashboard-badge');
    await publicPageSays(browser, `/status/${slug}`, 'Under maintenance');

    const visitor = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const dark = await visitor.newPage();
    await dark.goto(`/status/${slug}`);
    await dark.screenshot({ path: `${SHOTS}/maintenance-status-page-dark.png`, fullPage: true });
    await visitor.close();

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/dashboard/maintenance');
    await expect(page.getByRole('list', { name: 'In progress and upcoming' })).toContainText('In progress');
    await shot(page, 'maintenance-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('list', { name: 'Maintenance by day' })).toContainText('Database upgrade');
    await shot(page, 'maintenance-375');
  } finally {
    await new Promise((resolve) => site.server.close(resolve));
  }
});
