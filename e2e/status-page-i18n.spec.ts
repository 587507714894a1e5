import { type Browser, expect, type Page, test } from '@playwright/test';
import { fullPageShot, signUp, startSite, upMonitor } from './helpers';

const USER = { name: 'Sabine Betreiberin', emailPrefix: 'status-i18n', password: 'status page german 42' };
const SHOTS = 'test-results';
const DAY = 86_400_000;

/** The owner arranges the page in Settings → Public Status: German, one section, published. */
async function createGermanPage(page: Page) {
  await page.goto('/dashboard/settings/groups');
  await page.getByRole('button', { name: 'New status page' }).click();
  await page.getByLabel('Name').fill('Acme Cloud');
  // Slugs are unique across the server, and status-page.spec.ts takes the suggested acme-cloud.
  await page.getByLabel('Slug').fill('acme-cloud-de');
  for (const name of ['Website', 'Kasse', 'Zahlungs-API']) {
    await page.getByLabel('Monitor to add').selectOption({ label: name });
    await page.getByRole('button', { name: 'Add monitor' }).click();
  }
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('Section 1 name').fill('Bezahlen');
  await page.getByLabel('Section 1 description').fill('Kasse und Zahlungsabwicklung');
  await page.getByLabel('Section of Kasse').selectOption({ label: 'Bezahlen' });
  await page.getByLabel('Section of Zahlungs-API').selectOption({ label: 'Bezahlen' });
  await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
  await page.getByLabel('Published').check();
  await fullPageShot(page, `${SHOTS}/status-i18n-settings-form.png`);
  await page.getByRole('button', { name: 'Create status page' }).click();
  await expect(page.getByRole('listitem', { name: 'Acme Cloud' })).toContainText('Published');
}

/** Maintenance on the section's monitors tomorrow, announced with a public update. */
async function scheduleMaintenance(page: Page, monitorIds: string[]) {
  const startsAt = Math.ceil((Date.now() + DAY) / 3_600_000) * 3_600_000;
  const created = await page.request.post('/api/v1/maintenance-windows', {
    data: { name: 'Datenbank-Upgrade', startsAt, durationMinutes: 45, monitorIds },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const update = await page.request.post(`/api/v1/maintenance-windows/${id}/updates`, {
    data: { message: 'Die Kasse ist während des Upgrades etwa zehn Minuten nur lesbar.' },
  });
  expect(update.status()).toBe(201);
}

/** The page as a signed-out visitor with an English browser sees it: in German all the same. */
async function visit(browser: Browser, options: { colorScheme: 'light' | 'dark'; width?: number }) {
  const context = await browser.newContext({
    colorScheme: options.colorScheme,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const view = await context.newPage();
  const response = await view.goto('/status/acme-cloud-de');
  expect(response?.status()).toBe(200);
  return { context, view };
}

test('a status page in German with a section and scheduled maintenance, seen signed out', async ({
  page,
  browser,
}) => {
  const site = await startSite();
  try {
    await signUp(page, USER);
    await upMonitor(page, 'Website', site.url);
    const checkout = await upMonitor(page, 'Kasse', site.url);
    const payments = await upMonitor(page, 'Zahlungs-API', site.url);
    await createGermanPage(page);
    await scheduleMaintenance(page, [checkout, payments]);

    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, view } = await visit(browser, { colorScheme });
      try {
        await expect(view.locator('html')).toHaveAttribute('lang', 'de');
        await expect(view).toHaveTitle('Acme Cloud – Status');
        await expect(view.getByRole('heading', { name: 'Alle Systeme betriebsbereit' })).toBeVisible();
        // The section: its name and the state of its own monitors, open until folded.
        const section = view.locator('details.group');
        await expect(section.locator('summary')).toHaveText('BezahlenBetriebsbereit');
        await expect(section).toContainText('Kasse und Zahlungsabwicklung');
        await expect(section.getByRole('heading', { name: 'Kasse', exact: true })).toBeVisible();
        await expect(view.getByRole('heading', { name: 'Website', exact: true })).toBeVisible();
        // Maintenance tomorrow, its state and its update, at German dates ('26. Nov. 2026, 15:00').
        const maintenance = view.getByRole('region', { name: 'Geplante Wartungsarbeiten' });
        await expect(maintenance).toContainText('Datenbank-Upgrade');
        await expect(maintenance).toContainText('Geplant');
        await expect(maintenance).toContainText('Betrifft Kasse, Zahlungs-API');
        await expect(maintenance).toContainText('etwa zehn Minuten nur lesbar');
        await expect(maintenance.locator('time').first()).toHaveText(
          /^\d{1,2}\. [A-ZÄ][a-zä]{2,3}\.? \d{4}, \d{1,2}:\d{2}$/,
        );
        await expect(view.getByText('Keine Vorfälle in den letzten 14 Tagen.')).toBeVisible();
        await fullPageShot(view, `${SHOTS}/status-i18n-${colorScheme}.png`);
        if (colorScheme === 'light') {
          // Folds without any script of its own: a <details> element.
          await section.locator('summary').click();
          await expect(section.getByRole('heading', { name: 'Kasse', exact: true })).toBeHidden();
          await view.screenshot({ path: `${SHOTS}/status-i18n-folded.png` });
        }
      } finally {
        await context.close();
      }
    }

    const narrow = await visit(browser, { colorScheme: 'light', width: 375 });
    try {
      const overflow = await narrow.view.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await fullPageShot(narrow.view, `${SHOTS}/status-i18n-375.png`);
    } finally {
      await narrow.context.close();
    }
  } finally {
    await new Promise<void>((resolve) => {
      site.server.close(() => resolve());
      site.server.closeAllConnections();
    });
  }
});
