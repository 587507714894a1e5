import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from '../playwright.config';
import { signUp } from './helpers';

const SHOTS = 'e2e/screenshots';
const email = `journey-${Date.now()}@example.test`;
const password = 'journey password 42';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signIn(page: Page, withPassword: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(withPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new user signs up, stays signed in, signs out and signs back in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText("Monitoring that doesn't suck")).toBeVisible();
  await expect(page.getByText('5 monitors free, no credit card required, setup in 30 seconds')).toBeVisible();
  await shot(page, 'landing');

  await page.goto('/pricing');
  await expect(page.getByText('$19').first()).toBeVisible();
  await expect(page.getByText('$39').first()).toBeVisible();
  await expect(
    page.getByText('Unlimited team members on every plan: we never charge per seat.'),
  ).toBeVisible();
  await shot(page, 'pricing');

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Journey Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await shot(page, 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Monitors' }).first()).toBeVisible();
  // A single user notices workspaces only by their personal one's name in the header.
  await expect(page.getByRole('banner').getByText("Journey Tester's workspace")).toBeVisible();
  await shot(page, 'dashboard-shell');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Sign in to access the dashboard')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Incidents' }).first()).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/dashboard');
  await expect(page.getByText('Sign in to access the dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account', exact: true })).toBeVisible();

  await signIn(page, 'not the password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('unknown paths show not-found; route builders redirect into the dashboard', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto('/monitors/new');
  await expect(page).toHaveURL(/\/dashboard\/monitors\/new$/);
});

/** The reset link in the newest mail to `to`, read from the e2e server's outbox (no SMTP here). */
function resetLinkFor(to: string): string | null {
  const db = new Database(path.join(E2E_DATA_DIR, 'upwatch.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('select text from outbox where to_address = ? order by created_at desc limit 1')
      .get(to) as { text: string } | undefined;
    return row?.text.match(/http\S+\/reset-password\?token=\S+/)?.[0] ?? null;
  } finally {
    db.close();
  }
}

async function shotAt(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a user who forgot the password resets it from the mailed link, once, and signs in with the new one', async ({
  page,
}) => {
  const account = await signUp(page, {
    name: 'Reset Tester',
    emailPrefix: 'reset',
    password: 'old password 42',
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/signin');
  await shotAt(page, 'signin-forgot-link');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel('Email')).toBeFocused();
  await shotAt(page, 'forgot-password');
  await page.getByLabel('Email').fill(account);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${account}`);
  await shotAt(page, 'forgot-password-sent');

  await expect.poll(() => resetLinkFor(account)).not.toBeNull();
  const link = resetLinkFor(account) as string;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await shotAt(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill('new password 43');
  await page.getByLabel('Confirm new password').fill('new password 44');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.');
  await shotAt(page, 'reset-password-mismatch');
  await page.getByLabel('Confirm new password').fill('new password 43');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await shotAt(page, 'reset-password-done');

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third password 45');
  await page.getByLabel('Confirm new password').fill('third password 45');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await shotAt(page, 'reset-password-used');

  await page.goto('/signin');
  await page.getByLabel('Email').fill(account);
  await page.getByLabel('Password').fill('old password 42');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('new password 43');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
