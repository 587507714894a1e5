import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

const USER = { name: 'Paywall Journey', emailPrefix: 'paywall-journey', password: 'paywall journey 42' };

const SHOTS = 'e2e/screenshots';

test('a free user who picks Webhook meets the Pro paywall, which leads to the payment page', async ({
  page,
}) => {
  await signUp(page, USER);
  await page.goto('/dashboard/settings/notifications');
  const kind = page.getByLabel('Kind');
  // Enabled once billing knows the plan.
  await expect(kind.getByRole('option', { name: 'Webhook (Pro plan)' })).toBeEnabled();
  await kind.selectOption('webhook');

  const paywall = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(paywall).toContainText(
    'Webhooks is not available on your current plan. Upgrade to Pro to use Webhooks.',
  );
  await expect(paywall.getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  await expect(kind).toHaveValue('email');
  await page.screenshot({ path: `${SHOTS}/paywall.png`, animations: 'disabled' });

  // The server stays the guard: a webhook channel is refused whatever the screen does.
  const refused = await page.request.post('/api/v1/alert-channels', {
    data: { kind: 'webhook', name: 'Hook', config: { url: 'https://example.com/upwatch-hook' } },
  });
  expect(refused.status()).toBe(403);

  // Not a dead end: Upgrade starts Pro's checkout, with no card on file the payment page.
  await paywall.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\//);
});
