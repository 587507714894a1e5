import { expect, test } from '@playwright/test';
import { buyPlan, signUp } from './helpers';

const USER = { name: 'Digest Reader', emailPrefix: 'digests', password: 'digest journey 42' };

const SHOTS = 'e2e/screenshots';

test('a Starter user previews the digest and unsubscribes from its link without signing in', async ({
  page,
  browser,
}) => {
  await signUp(page, USER);
  await page.goto('/dashboard/settings');
  await expect(page.getByText('Email digests require the Starter plan or higher.')).toBeVisible();

  await buyPlan(page, 'starter', { successPath: '/dashboard/settings', nameOnCard: 'Digest Starter' });
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
