import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { buyPlan, signUp } from './helpers';

const SHOTS = 'e2e/screenshots';
const STILL = { animations: 'disabled' } as const;
const HIDE_TOASTS = '[data-sonner-toaster] { display: none !important; }';

let target: Server;
let targetUrl: string;

// The monitored site: up for nothing, every answer a 500.
test.beforeAll(async () => {
  target = createServer((_req, res) => {
    res.statusCode = 500;
    res.end('broken');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

async function addEmailChannel(page: Page, name: string, address: string) {
  await page.getByLabel('Kind').selectOption('email');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByText(`Email · ${address}`)).toBeVisible();
}

/** Light, dark and a 375 px phone, each from the top. */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, style: HIDE_TOASTS, ...STILL });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true, style: HIDE_TOASTS, ...STILL });
  await page.emulateMedia({ colorScheme: 'light' });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({
    path: `${SHOTS}/${name}-mobile.png`,
    fullPage: true,
    style: HIDE_TOASTS,
    ...STILL,
  });
  if (size) await page.setViewportSize(size);
}

test('a two-step escalation policy, and an incident acknowledged from the link in the outbox mail', async ({
  page,
}) => {
  await signUp(page, {
    name: 'Escalation Owner',
    emailPrefix: 'escalation',
    password: 'escalation journey 42',
  });
  await buyPlan(page, 'starter', {
    successPath: '/dashboard/settings/notifications',
    nameOnCard: 'Escalation Owner',
  });

  await addEmailChannel(page, 'On call', 'oncall@example.test');
  await addEmailChannel(page, 'Team lead', 'lead@example.test');

  await page.getByRole('tab', { name: 'Escalation policies' }).click();
  await page.getByRole('button', { name: 'New policy' }).click();
  const form = page.getByRole('form', { name: 'New escalation policy' });
  await form.getByLabel('Name').fill('Office hours');
  await form
    .getByRole('group', { name: 'Step 1' })
    .getByRole('checkbox', { name: /On call/ })
    .check();
  await form.getByRole('button', { name: 'Add a step' }).click();
  await form
    .getByRole('group', { name: 'Step 2' })
    .getByRole('checkbox', { name: /Team lead/ })
    .check();
  await form.getByRole('spinbutton', { name: 'Minutes to wait after step 1' }).fill('5');
  await form.getByRole('checkbox', { name: /Repeat the last step/ }).check();
  await expect(form.getByRole('checkbox', { name: /workspace's default/ })).toBeChecked();
  await shots(page, 'escalation-policy-editor');
  await form.getByRole('button', { name: 'Create policy' }).click();
  const policies = page.getByRole('list', { name: 'Escalation policies' });
  await expect(policies).toContainText('1. On call → 5 min → 2. Team lead, repeated every 15 min');
  await expect(policies).toContainText('Default');
  await shots(page, 'escalation-policies');

  // A 5-second monitor of a site answering 500: confirmed down within seconds (test mode).
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Billing API', url: targetUrl, intervalSeconds: 5 },
  });
  expect(created.ok()).toBe(true);
  const monitor = (await created.json()) as { id: string };

  // No SMTP here: step 1's Down alert waits in the outbox, addressed to the on-call channel.
  await page.goto('/dashboard/settings/notifications');
  const mail = page.getByRole('button', { name: /\[Down\] Billing API/ });
  await expect(async () => {
    await page.reload();
    await expect(mail).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(mail).toContainText('oncall@example.test');
  await mail.click();
  const body = page.frameLocator('iframe[title^="Mail: [Down] Billing API"]');
  const link = await body.getByRole('link', { name: 'Acknowledge' }).getAttribute('href');
  expect(link).toMatch(/\/ack\/[\w-]+\.[\w-]+$/);

  // The link shows the incident and asks; a scanner fetching it changes nothing.
  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Acknowledge this incident?' })).toBeVisible();
  await expect(page.getByText('Billing API is down')).toBeVisible();
  await shots(page, 'acknowledge-link-page');
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByRole('heading', { name: 'Acknowledged', exact: true })).toBeVisible();
  await shots(page, 'acknowledge-link-done');

  // In the app: acknowledged, by whose link, and on the timeline.
  await page.goto('/dashboard/incidents');
  const row = page.getByRole('row').filter({ hasText: 'Billing API is down' });
  await expect(row.getByRole('button', { name: 'Acknowledged: Billing API is down' })).toBeDisabled();
  await shots(page, 'incidents-list-acknowledged');
  await row.getByRole('link', { name: 'Billing API is down' }).click();
  const summary = page.getByRole('region', { name: 'Incident summary' });
  await expect(summary).toContainText('by someone using the link in the alert to Email “On call”');
  await expect(summary).toContainText('“Office hours”');
  await expect(page.getByRole('button', { name: 'Acknowledged' })).toBeDisabled();
  await shots(page, 'incident-acknowledged-by-link');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
    'Acknowledged by someone using the link in the alert to Email “On call”.',
  );

  // The monitor's settings name the policy its outages follow.
  await page.goto(`/dashboard/monitors/${monitor.id}/settings`);
  await expect(page.getByLabel('Escalation policy')).toHaveValue('');
  await expect(page.getByRole('option', { name: 'Workspace default (“Office hours”)' })).toBeAttached();
});
