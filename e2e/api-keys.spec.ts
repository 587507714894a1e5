import { expect, test } from '@playwright/test';
import { buyPlan, signUp } from './helpers';

const USER = { name: 'API Keys Journey', emailPrefix: 'api-keys-journey', password: 'api keys journey 42' };

const SHOTS = 'e2e/screenshots';
const STILL = { animations: 'disabled' } as const;

test('a Pro user creates an API key, a script lists monitors with it, and after revoking it the script gets 401', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, USER);
  const monitor = await page.request.post('/api/v1/monitors', {
    data: { name: 'Keyed shop', url: 'https://shop.example.com' },
  });
  expect(monitor.status()).toBe(201);
  await buyPlan(page, 'pro', { successPath: '/dashboard/settings/api', nameOnCard: 'API Keys Pro' });

  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByLabel('Name').fill('CI');
  await page.getByLabel('Expires').selectOption({ label: 'In 90 days' });
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key “CI” created' });
  await expect(dialog).toContainText("Copy this key now. You won't see it again");
  await dialog.getByRole('button', { name: 'Copy API key' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy API key' })).toHaveText('Copied');
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^uw_live_[0-9A-Za-z]{43}$/);
  await expect(dialog.getByTestId('new-api-key')).toHaveText(key);
  await page.screenshot({ path: `${SHOTS}/api-key-created.png`, ...STILL });

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `${key.slice(0, 12)}…` }) });
  await expect(row).toContainText('CI');
  await expect(page.getByRole('region', { name: 'Monitors' })).toContainText('/monitors/{id}');
  await expect(page.getByText(`-H "Authorization: Bearer ${key.slice(0, 12)}…"`).first()).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/api-keys-tab.png`, fullPage: true, ...STILL });

  // A script: the request fixture has no session cookie, only the key.
  const listed = await request.get('/api/v1/monitors', { headers: { Authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  const body = (await listed.json()) as { monitors: { name: string }[] };
  expect(body.monitors.map((m) => m.name)).toEqual(['Keyed shop']);
  // The key expires in 90 days, so after a reload no cell says 'Never': the use was recorded.
  await expect(row).toContainText('Never');
  await page.reload();
  await expect(row).toContainText('CI');
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: 'Revoke CI' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “CI”?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  const refused = await request.get('/api/v1/monitors', { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
});
