import { expect, test } from '@playwright/test';
import { totpCode } from '../src/server/test/totp.ts';
import { signUp } from './helpers';

const SHOTS = 'e2e/screenshots';
const PASSWORD = 'two factor journey 42';

test('an owner turns on two-factor sign-in and signs in with a code from the authenticator', async ({
  page,
}) => {
  const email = await signUp(page, { name: 'Two Factor', emailPrefix: 'two-factor', password: PASSWORD });
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // Three cards ask for a password here: this one's field is the two-factor card's own.
  await page.locator('#two-factor-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await page.screenshot({ path: `${SHOTS}/two-factor-setup.png`, fullPage: true });
  const key = (await page.locator('code').first().textContent()) ?? '';
  const uri = `otpauth://totp/Upwatch:x?secret=${key}`;
  await page.getByLabel('Code from the app').fill(totpCode(uri));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(totpCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
