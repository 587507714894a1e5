import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

const SHOTS = 'e2e/screenshots';

test('an owner invites a colleague, who signs up from the mailed link and sees the shared monitors live; as a viewer they cannot add one', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, { name: 'Ada Owner', emailPrefix: 'team-owner', password: 'team owner 42' });
  // A monitor on Upwatch's own health endpoint: it turns Up within seconds in test mode.
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Shared health', url: `${baseURL}/api/v1/public-config`, intervalSeconds: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const colleague = `team-colleague-${Date.now()}@example.test`;
  await page.goto('/dashboard/settings/members');
  await page.getByLabel('Email').fill(colleague);
  await page.getByLabel('Role', { exact: true }).selectOption('member');
  await page.getByRole('button', { name: 'Invite' }).click();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(colleague);
  await page.screenshot({ path: `${SHOTS}/members.png`, fullPage: true });

  // No SMTP server here: the invitation waits in the workspace's outbox.
  const outbox = (await (await page.request.get('/api/v1/outbox')).json()) as {
    mails: { to: string; text: string }[];
  };
  const mail = outbox.mails.find((m) => m.to === colleague);
  const link = mail?.text.match(/https?:\/\/\S+\/invitation\/[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto(new URL(link as string).pathname);
  await expect(guest.getByRole('heading', { name: "Join Ada Owner's workspace" })).toBeVisible();
  await guest.getByRole('link', { name: 'Create account' }).click();
  await guest.getByLabel('Name').fill('Grace Colleague');
  // The invitation's address, filled in and fixed: signing up joins the workspace at once.
  await expect(guest.getByLabel('Email')).toHaveValue(colleague);
  await guest.getByLabel('Password').fill('team colleague 42');
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);
  const row = guest.getByRole('listitem').filter({ has: guest.getByRole('link', { name: 'Shared health' }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Up', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByRole('banner')).toContainText("Ada Owner's workspace");
  await expect(guest.getByRole('link', { name: 'New monitor' }).first()).toBeVisible();
  await guest.screenshot({ path: `${SHOTS}/team-member-dashboard.png`, fullPage: true });

  // The owner makes the colleague a viewer: no New monitor button, and the API refuses.
  await page.reload();
  await page.getByLabel('Role of Grace Colleague').selectOption('viewer');
  await expect(page.getByLabel('Role of Grace Colleague')).toHaveValue('viewer');
  await guest.reload();
  await expect(guest.getByRole('link', { name: 'Shared health' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'New monitor' })).toHaveCount(0);
  const refused = await guest.request.post('/api/v1/monitors', {
    data: { name: 'Nope', url: 'https://nope.example.com' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'forbidden_role' } });

  // The viewer reads who did what: the join, the role change and the refused monitor left no trace.
  await guest.goto('/dashboard/settings/audit');
  const events = guest.getByRole('list', { name: 'Audit events' });
  await expect(events.getByRole('listitem').first()).toContainText(
    'Ada Owner changed the role of Grace Colleague (member → viewer)',
  );
  await expect(events).toContainText('Grace Colleague joined the workspace');
  await expect(events).toContainText(`Ada Owner invited ${colleague}`);
  await expect(events).toContainText('Ada Owner created monitor Shared health');
  await expect(events).not.toContainText('Nope');
  await guest.getByLabel('Who').selectOption({ label: 'Grace Colleague' });
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await guest.screenshot({ path: `${SHOTS}/audit-log.png`, fullPage: true });
  await other.close();

  // The owner starts a second workspace from the header: empty, theirs, and a switch away.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Switch or create a workspace/ }).click();
  await page.getByRole('menuitem', { name: 'Create workspace' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Agency');
  await page.getByRole('dialog').getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('banner')).toContainText('Agency');
  await expect(page.getByRole('link', { name: 'Shared health' })).toHaveCount(0);
  await page.getByRole('button', { name: /Switch or create a workspace/ }).click();
  await page.getByRole('menuitem', { name: "Ada Owner's workspace" }).click();
  await expect(page.getByRole('link', { name: 'Shared health' })).toBeVisible();
});
