import { expect, type Page, test } from '@playwright/test';

const SHOTS = 'e2e/screenshots';

async function signUp(page: Page) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Digest Reader');
  await page.getByLabel('Email').fill(`digests-${Date.now()}@example.test`);
  await page.getByLabel('Password').fill('digest journey 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Starter through the sandbox payment page, as a customer with no card on file pays. */
async function upgradeToStarter(page: Page) {
  const attach = await page.request.post('/api/billing/attach', {
    data: { product_id: 'starter', success_url: '/dashboard/settings' },
  });
  expect(attach.ok()).toBe(true);
  const { checkout_url } = (await attach.json()) as { checkout_url: string };
  await page.goto(new URL(checkout_url).pathname);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Digest Starter');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
}

test('a Starter user previews the digest and unsubscribes from its link without signing in', async ({
  page,
  browser,
}) => {
  await signUp(page);
  await page.goto('/dashboard/settings');
  await expect(page.getByText('Email digests require the Starter plan or higher.')).toBeVisible();

  await upgradeToStarter(page);
  await expect(page.getByLabel('Frequency')).toHaveValue('weekly');
  await expect(page.getByText(/Times are in your time zone, UTC\. Next digest: /)).toBeVisible();
  await page.getByRole('button', { name: 'Send me a preview now' }).click();
  await expect(page.getByText(/^Preview sent to digests-\d+@example\.test\.$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/digest-settings.png`, fullPage: true });

  // No SMTP configured: the preview sits in the outbox; no report was recorded for it.
  const { mails } = (await (await page.request.get('/api/v1/outbox')).json()) as {
    mails: { subject: string; html: string }[];
  };
  expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^\[Preview\] Weekly digest: /)]);
  await page.goto('/dashboard/reports');
  await expect(page.getByText('No reports yet')).toBeVisible();

  const link = /href="([^"]*\/unsubscribe\/digest[^"]*)"/.exec(mails[0]?.html ?? '')?.[1] ?? '';
  const url = new URL(link.replaceAll('&amp;', '&'));
  const visitor = await browser.newContext();
  const signedOut = await visitor.newPage();
  await signedOut.goto(url.pathname + url.search);
  await expect(signedOut.getByRole('heading', { name: 'Unsubscribe from email digests?' })).toBeVisible();
  await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(signedOut.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await visitor.close();

  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Frequency')).toHaveValue('off');
  await expect(page.getByText(/Digests are off\./)).toBeVisible();
});
