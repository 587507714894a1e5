import { expect, type Page, test } from '@playwright/test';

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
