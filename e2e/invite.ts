// A colleague who joins a workspace the way a person does: from the mailed invitation.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

/** A second person in the owner's workspace, signed up from the mailed invitation. */
export async function joinAsAdmin(browser: Browser, owner: Page, name: string): Promise<BrowserContext> {
  const email = `accessibility-admin-${Date.now()}@example.test`;
  const invited = await owner.request.post('/api/v1/workspace/invitations', {
    data: { email, role: 'admin' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { mails } = (await (await owner.request.get('/api/v1/outbox')).json()) as {
    mails: { to: string; text: string }[];
  };
  const link = mails.find((mail) => mail.to === email)?.text.match(/\/invitation\/[\w-]+/)?.[0];
  expect(link, 'the invitation mail').toBeTruthy();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link as string);
  await page.getByRole('link', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill('accessibility admin 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.close();
  return context;
}
