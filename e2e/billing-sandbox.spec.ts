import { expect, type Page, test } from '@playwright/test';
import { signUp } from './helpers';

const USER = { name: 'Billing Journey', emailPrefix: 'billing-journey', password: 'billing journey 42' };

const SHOTS = 'e2e/screenshots';

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Billing Journey');
}

test('a user pays for Starter in the sandbox, reads the invoice, cancels and renews', async ({ page }) => {
  await signUp(page, USER);

  // With no card on file, attaching a paid plan answers with the sandbox checkout page.
  const attach = await page.request.post('/api/billing/attach', {
    data: { product_id: 'starter', success_url: '/billing/portal' },
  });
  expect(attach.ok()).toBe(true);
  const { checkout_url } = (await attach.json()) as { checkout_url: string };
  await page.goto(new URL(checkout_url).pathname);

  await expect(page.getByText("Test mode: this is Upwatch's sandbox payment page.")).toBeVisible();
  await expect(page.getByText('Total due today')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/billing-checkout.png`, fullPage: true });

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your card was declined. Nothing was charged and your plan is unchanged.',
  );
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/billing\/portal$/);
  await expect(page.getByText('Starter').first()).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByText('•••• 4242')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/billing-portal.png`, fullPage: true });

  await page.getByRole('link', { name: 'View' }).first().click();
  await expect(page.getByRole('heading', { name: /^Invoice INV-/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total/ })).toContainText('$19.00');
  await page.screenshot({ path: `${SHOTS}/billing-invoice.png`, fullPage: true });

  await page.goto('/billing/portal');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/^Cancels on /)).toBeVisible();

  await page.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
});

test('the billing pages ask a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/billing/portal');
  await expect(page.getByText('Sign in to access the dashboard')).toBeVisible();
});
