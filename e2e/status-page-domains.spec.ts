import type { Server } from 'node:http';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { fullPageShot, signUp, startSite, upMonitor } from './helpers';

const SHOTS = 'test-results';
const PASSWORD = 'internal status 2026';

async function stop(server: Server) {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A signed-out visitor in one colour scheme and width. */
async function visitor(browser: Browser, colorScheme: 'light' | 'dark', width = 1280) {
  const context = await browser.newContext({ colorScheme, viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

/** The settings screen in the three looks the journeys keep: light, dark and 375 px wide. */
async function settingsShots(page: Page, name: string) {
  await fullPageShot(page, `${SHOTS}/${name}-light.png`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, `${SHOTS}/${name}-dark.png`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 800 });
  await fullPageShot(page, `${SHOTS}/${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a password-protected page asks signed-out visitors for its password, then shows itself privately', async ({
  page,
  browser,
}) => {
  const site = await startSite('<h1>Internal API</h1>');
  try {
    await signUp(page, {
      name: 'Private Page Owner',
      emailPrefix: 'private-page',
      password: 'private page 42',
    });
    await upMonitor(page, 'Internal API', site.url);

    await page.goto('/dashboard/settings/groups');
    await page.getByRole('button', { name: 'New status page' }).click();
    await page.getByLabel('Name').fill('Acme Internal');
    await page.getByLabel('Monitor to add').selectOption({ label: 'Internal API' });
    await page.getByRole('button', { name: 'Add monitor' }).click();
    await page.getByLabel('Published').check();
    await page.getByRole('radio', { name: /^Password/ }).check();
    await page.getByLabel('Page password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create status page' }).click();
    const row = page.getByRole('listitem', { name: 'Acme Internal' });
    await expect(row).toContainText('Password');

    // The custom domain's records, and the answer of a lookup that finds no TXT record yet.
    await row.getByRole('button', { name: 'Edit Acme Internal' }).click();
    await expect(page.getByLabel('New password')).toHaveValue('');
    await page.getByLabel('Domain').fill('status.acme-e2e.test');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Acme Internal saved.')).toBeVisible();
    await page
      .getByRole('listitem', { name: 'Acme Internal' })
      .getByRole('button', { name: 'Edit Acme Internal' })
      .click();
    await expect(page.getByRole('region', { name: 'TXT record' })).toContainText(
      '_upwatch-challenge.status.acme-e2e.test',
    );
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status')).toContainText('_upwatch-challenge.status.acme-e2e.test');
    await expect(page.getByText('Not verified yet')).toBeVisible();
    await expect(page.getByText('Private pages have no widget or embed')).toBeVisible();
    await settingsShots(page, 'status-page-private-settings');

    for (const scheme of ['light', 'dark'] as const) {
      const { context, page: view } = await visitor(browser, scheme);
      try {
        const asked = await view.goto('/status/acme-internal');
        expect(asked?.status()).toBe(401);
        expect(asked?.headers()['cache-control']).toBe('private, no-store');
        await expect(view.getByRole('heading', { level: 1 })).toHaveText('Acme Internal');
        await expect(
          view.getByText('This status page is protected. Enter its password to see it.'),
        ).toBeVisible();
        await expect(view.getByText('Internal API')).toHaveCount(0);
        if (scheme === 'light') {
          await view.getByLabel('Password').fill('a wrong guess');
          await view.getByRole('button', { name: 'View status page' }).click();
          await expect(view.getByRole('alert')).toHaveText('That password is not right. Try again.');
        }
        await view.screenshot({ path: `${SHOTS}/status-page-password-form-${scheme}.png`, fullPage: true });

        await view.getByLabel('Password').fill(PASSWORD);
        await view.getByRole('button', { name: 'View status page' }).click();
        await expect(view).toHaveURL(/\/status\/acme-internal$/);
        await expect(view.getByRole('heading', { level: 1 })).toHaveText('Acme Internal');
        await expect(view.getByRole('heading', { name: 'All systems operational' })).toBeVisible();
        await expect(view.getByRole('heading', { name: 'Internal API', exact: true })).toBeVisible();
        await expect(view.getByRole('link', { name: 'Atom feed' })).toHaveCount(0);
        const again = await context.request.get('/status/acme-internal');
        expect(again.status()).toBe(200);
        expect(again.headers()['cache-control']).toBe('private, no-store');
        await view.screenshot({ path: `${SHOTS}/status-page-private-${scheme}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }

    const { context, page: narrow } = await visitor(browser, 'light', 375);
    try {
      await narrow.goto('/status/acme-internal');
      await narrow.screenshot({ path: `${SHOTS}/status-page-password-form-375.png`, fullPage: true });
      await narrow.getByLabel('Password').fill(PASSWORD);
      await narrow.getByRole('button', { name: 'View status page' }).click();
      await expect(narrow.getByRole('heading', { name: 'All systems operational' })).toBeVisible();
      await narrow.screenshot({ path: `${SHOTS}/status-page-private-375.png`, fullPage: true });
    } finally {
      await context.close();
    }
  } finally {
    await stop(site.server);
  }
});

test('the status pill and the compact view show the page on another site, with header links and a footer', async ({
  page,
  browser,
  baseURL,
}) => {
  const target = await startSite('<h1>Shop</h1>');
  try {
    await signUp(page, { name: 'Widget Owner', emailPrefix: 'status-widget', password: 'status widget 42' });
    const monitorId = await upMonitor(page, 'Shop', target.url);
    const created = await page.request.post('/api/v1/status-pages', {
      data: {
        name: 'Acme Shop',
        slug: 'acme-shop',
        published: true,
        monitors: [{ monitorId }],
        headerLinks: [
          { label: 'Website', url: 'https://acme.example.com/' },
          { label: 'Support', url: 'https://acme.example.com/support' },
        ],
        footerText: '© Acme Inc. · Questions? support@acme.example.com',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/dashboard/settings/groups');
    await page.getByRole('button', { name: 'Edit Acme Shop' }).click();
    await expect(page.getByRole('region', { name: 'Status pill' })).toContainText(
      '/status/acme-shop/widget.js',
    );
    await settingsShots(page, 'status-page-embed-settings');

    const pageUrl = `${baseURL}/status/acme-shop`;
    const customer = await startSite(
      `<!doctype html><html><body style="font-family:sans-serif;padding:24px"><h1>Acme Shop</h1><p>Our status: <script src="${pageUrl}/widget.js" defer></script></p><iframe src="${pageUrl}/embed" title="Acme Shop status" width="100%" height="320" style="border:0"></iframe></body></html>`,
    );
    try {
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page: shop } = await visitor(browser, scheme);
        try {
          await shop.goto(customer.url);
          const pill = shop.locator('a[data-upwatch-status]');
          await expect(pill).toHaveText('All systems operational');
          await expect(pill).toHaveAttribute('href', pageUrl);
          const frame = shop.frameLocator('iframe[title="Acme Shop status"]');
          await expect(frame.getByRole('heading', { name: 'All systems operational' })).toBeVisible();
          await expect(frame.getByText('Shop', { exact: true })).toBeVisible();
          expect(await context.cookies()).toEqual([]);
          await shop.screenshot({ path: `${SHOTS}/status-page-embedded-${scheme}.png`, fullPage: true });

          await shop.goto(pageUrl);
          await expect(shop.getByRole('navigation', { name: 'Links' }).getByRole('link')).toHaveText([
            'Website',
            'Support',
          ]);
          await expect(shop.getByText('© Acme Inc. · Questions? support@acme.example.com')).toBeVisible();
          await shop.screenshot({ path: `${SHOTS}/status-page-appearance-${scheme}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      }
      const { context, page: narrow } = await visitor(browser, 'light', 375);
      try {
        await narrow.goto(pageUrl);
        await expect(narrow.getByRole('navigation', { name: 'Links' })).toBeVisible();
        await narrow.screenshot({ path: `${SHOTS}/status-page-appearance-375.png`, fullPage: true });
      } finally {
        await context.close();
      }
    } finally {
      await stop(customer.server);
    }
  } finally {
    await stop(target.server);
  }
});
