import { type Browser, expect, type Page, test } from '@playwright/test';
import { fullPageShot, signUp, startSite, upMonitor } from './helpers';

const USER = { name: 'Status Page Owner', emailPrefix: 'status-page', password: 'status page journey 42' };

const SHOTS = 'test-results';
const NOT_AVAILABLE = 'Page Not Available: This status page is not available or may have been moved.';

const pageShot = (page: Page, name: string) => fullPageShot(page, `${SHOTS}/${name}.png`);

/** The public page as a visitor without JavaScript sees it, in one colour scheme. */
async function visit(browser: Browser, path: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { context, page, status: response?.status() };
}

/** A private monitor has no page. */
async function checkNoMonitorPage(browser: Browser, monitorId: string) {
  const before = await visit(browser, `/status/monitor/${monitorId}`, 'light');
  expect(before.status).toBe(404);
  await expect(before.page.locator('body')).toHaveText(NOT_AVAILABLE);
  await before.context.close();
}

/** Ticked 'Public status page' in its settings, the private monitor has a page. */
async function checkMonitorPage(page: Page, browser: Browser, monitorId: string) {
  const path = `/status/monitor/${monitorId}`;
  await page.goto(`/dashboard/monitors/${monitorId}/settings`);
  await page.getByLabel('Public status page').check();
  await expect(page.getByRole('link', { name: new RegExp(`${path}$`) })).toHaveAttribute('target', '_blank');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(page.getByLabel('Public status page')).toBeChecked();
  await pageShot(page, 'status-page-monitor-settings');

  // The 404 seen at the journey's start may still be served from the 10-second public cache.
  await expect
    .poll(
      async () => {
        const visitor = await visit(browser, path, 'light');
        await visitor.context.close();
        return visitor.status;
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(200);
  const after = await visit(browser, path, 'dark');
  try {
    await expect(after.page.getByRole('heading', { level: 1 })).toHaveText('Checkout service');
    await expect(
      after.page
        .getByRole('list', { name: 'Daily uptime of Checkout service, last 90 days' })
        .getByRole('listitem'),
    ).toHaveCount(90);
    await after.page.screenshot({ path: `${SHOTS}/status-monitor-page-dark.png`, fullPage: true });
  } finally {
    await after.context.close();
  }
}

test('a status page published in settings renders completely without JavaScript, in light and dark', async ({
  page,
  browser,
}) => {
  const site = await startSite('<h1>Checkout</h1>');
  try {
    await signUp(page, USER);
    const monitorId = await upMonitor(page, 'Checkout service', site.url);
    // Asked first, so the cached 404 has mostly expired once the monitor is made public at the end.
    await checkNoMonitorPage(browser, monitorId);

    await page.goto('/dashboard/settings/groups');
    await page.getByRole('button', { name: 'New status page' }).click();
    await page.getByLabel('Name').fill('Acme Cloud');
    await expect(page.getByLabel('Slug')).toHaveValue('acme-cloud');
    await page.getByLabel('Description').fill('Live status of the Acme Cloud checkout.');
    await page.getByLabel('Monitor to add').selectOption({ label: 'Checkout service' });
    await page.getByRole('button', { name: 'Add monitor' }).click();
    await page.getByLabel('Public name of Checkout service').fill('Checkout');
    await page.getByLabel('Published').check();
    await page.getByLabel('Show response times').check();
    await expect(page.getByLabel('Remove branding')).toBeDisabled();
    await pageShot(page, 'status-page-settings-form');
    await page.getByRole('button', { name: 'Create status page' }).click();

    const row = page.getByRole('listitem', { name: 'Acme Cloud' });
    await expect(row).toContainText('Published');
    await expect(row.getByRole('link', { name: /\/status\/acme-cloud$/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await pageShot(page, 'status-page-settings-list');

    // A second page, left unpublished: its address must not exist for visitors.
    await page.getByRole('button', { name: 'New status page' }).click();
    await page.getByLabel('Name').fill('Acme Staging');
    await page.getByRole('button', { name: 'Create status page' }).click();
    await expect(page.getByRole('listitem', { name: 'Acme Staging' })).toContainText(
      'Draft — not public until you publish',
    );

    await page.goto('/dashboard/groups/public');
    const card = page.getByRole('article', { name: 'Acme Cloud' });
    await expect(card).toContainText('All systems operational');
    await expect(card).toContainText('Checkout');
    await expect(page.getByRole('article', { name: 'Acme Staging' })).toHaveCount(0);
    await pageShot(page, 'status-page-public-groups');

    const backgrounds: Record<string, string> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const visitor = await visit(browser, '/status/acme-cloud', scheme);
      try {
        const view = visitor.page;
        expect(visitor.status).toBe(200);
        await expect(view).toHaveTitle('Acme Cloud status');
        await expect(view.getByRole('heading', { level: 1 })).toHaveText('Acme Cloud');
        await expect(view.getByRole('heading', { name: 'All systems operational' })).toBeVisible();
        await expect(view.getByRole('heading', { name: 'Checkout', exact: true })).toBeVisible();
        const bars = view
          .getByRole('list', { name: 'Daily uptime of Checkout, last 90 days' })
          .getByRole('listitem');
        await expect(bars).toHaveCount(90);
        // The monitor was created today: the 89 days before are "no data", and a bar's own text is
        // its tooltip, transparent until hovered.
        await expect(bars.first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}: no data$/);
        // Today, all checks up: the date alone, which the stylesheet completes with ': 100%'.
        await expect(bars.last()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
        expect(await bars.last().evaluate((bar) => getComputedStyle(bar, '::after').content)).toBe(
          '": 100%"',
        );
        const color = () => bars.first().evaluate((bar) => getComputedStyle(bar).color);
        expect(await color()).toBe('rgba(0, 0, 0, 0)');
        await bars.first().hover();
        expect(await color()).not.toBe('rgba(0, 0, 0, 0)');
        await view.screenshot({ path: `${SHOTS}/status-page-${scheme}-bar-tooltip.png` });
        await view.mouse.move(0, 0);
        await expect(view.getByText('Powered by Upwatch')).toBeVisible();
        backgrounds[scheme] = await view
          .locator('body')
          .evaluate((body) => getComputedStyle(body).backgroundColor);
        await view.screenshot({ path: `${SHOTS}/status-page-${scheme}.png`, fullPage: true });
      } finally {
        await visitor.context.close();
      }
    }
    expect(backgrounds.dark).not.toBe(backgrounds.light);

    const unpublished = await visit(browser, '/status/acme-staging', 'light');
    try {
      expect(unpublished.status).toBe(404);
      await expect(unpublished.page.locator('body')).toHaveText(NOT_AVAILABLE);
    } finally {
      await unpublished.context.close();
    }

    await checkMonitorPage(page, browser, monitorId);
  } finally {
    await new Promise<void>((resolve) => {
      site.server.close(() => resolve());
      site.server.closeAllConnections();
    });
  }
});
