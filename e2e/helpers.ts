import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';

/** Who signs up: the email is `<emailPrefix>-<now>@example.test`, so every run gets a new user. */
export interface NewUser {
  name: string;
  emailPrefix: string;
  password: string;
}

/** Signs up as a new user; returns the email address used. */
export async function signUp(page: Page, user: NewUser): Promise<string> {
  const email = `${user.emailPrefix}-${Date.now()}@example.test`;
  await page.goto('/signup');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** A paid plan through the sandbox payment page, as a customer with no card on file pays. */
export async function buyPlan(
  page: Page,
  plan: 'starter' | 'pro',
  checkout: { successPath: string; nameOnCard: string },
) {
  const attach = await page.request.post('/api/billing/attach', {
    data: { product_id: plan, success_url: checkout.successPath },
  });
  expect(attach.ok()).toBe(true);
  const { checkout_url } = (await attach.json()) as { checkout_url: string };
  await page.goto(new URL(checkout_url).pathname);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(checkout.nameOnCard);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`${checkout.successPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** A full-page screenshot from the top, without the passing toasts that would cover the content. */
export async function fullPageShot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path,
    fullPage: true,
    style: '[data-sonner-toaster] { display: none !important; }',
    animations: 'disabled',
  });
}

/** A local site for monitors to watch, answering every request with `html`. */
export async function startSite(html = '<h1>Shop</h1>'): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** A 5-second monitor of a local site, once its first check has come back up. */
export async function upMonitor(page: Page, name: string, url: string): Promise<string> {
  const created = await page.request.post('/api/v1/monitors', { data: { name, url, intervalSeconds: 5 } });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/monitors/${id}`)).json()) as { status: string }).status,
      { timeout: 30_000 },
    )
    .toBe('up');
  return id;
}
