import { expect, type Page, test } from '@playwright/test';
import { signUp } from './helpers';

const USER = { name: 'Settings Journey', emailPrefix: 'billing-settings', password: 'billing settings 42' };

const SHOTS = 'e2e/screenshots';

async function payWithTestCard(page: Page) {
  await expect(page.getByText("Test mode: this is Upwatch's sandbox payment page.")).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Settings Journey');
  await page.getByRole('button', { name: 'Pay' }).click();
}

test('a free user is gated, upgrades from the billing tab and cancels back to Free', async ({ page }) => {
  await signUp(page, USER);

  await page.goto('/dashboard/settings/api');
  await expect(page.getByRole('heading', { name: 'Feature Unavailable' })).toBeVisible();
  await expect(
    page.getByText('This feature requires a Pro subscription plan or higher.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('API access and deployment monitoring')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-api-gate.png`, fullPage: true });

  await page.goto('/dashboard/settings/billing');
  // test:e2e builds with VITE_BILLING_DEV_MOCK=true: this production build must still show the
  // free user's real plan, not the mock Starter (25 monitors).
  await expect(page.getByText('0 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upgrade to Pro' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-billing-free.png`, fullPage: true });

  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Example', url: 'http://127.0.0.1:9/', paused: true },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/dashboard/monitors/${id}/incidents`);
  await expect(
    page.getByText('This feature requires a Starter subscription plan or higher.', { exact: true }),
  ).toBeVisible();

  // From the billing tab's Upgrade card to the sandbox payment page, and back: the card titled
  // Upgrade to Pro checks out Pro (issue 39, item 7: it used to open a Starter checkout).
  await page.goto('/dashboard/settings/billing');
  await expect(page.getByText('1 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\//);
  await payWithTestCard(page);
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing$/);
  await expect(page.getByText('1 of 100')).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upgrade to Pro' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/settings-billing-starter.png`, fullPage: true });

  await page.goto(`/dashboard/monitors/${id}/incidents`);
  await expect(page.getByText('No incidents')).toBeVisible();
  await expect(page.getByText('Feature Unavailable')).toBeHidden();

  // Pro → Free: the confirmation says what goes.
  await page.goto('/dashboard/settings/billing');
  await page.getByRole('button', { name: 'Cancel plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Pro?' });
  const lost = dialog.getByRole('list', { name: 'Features you lose' });
  await expect(lost.getByRole('listitem')).toHaveText([
    'Remove branding',
    'Incident management',
    'Performance budgets',
    'Email digests',
    'API access',
    'Webhooks',
    'GitHub Actions',
    'Priority support',
  ]);
  await expect(dialog.getByText('Check results older than 7 days (now kept 365 days)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-billing-cancel.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel plan', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Cancels on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel plan', exact: true })).toBeHidden();
});
