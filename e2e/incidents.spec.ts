import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { buyPlan, fullPageShot, signUp } from './helpers';

const SHOTS = 'e2e/screenshots';
const STILL = { animations: 'disabled' } as const;

function incidentUser(who: string) {
  return { name: `Incident ${who}`, emailPrefix: `incidents-${who}`, password: 'incident journey 42' };
}

/** A port on 127.0.0.1 nothing listens on: bound once to learn a free one, then closed. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A 5-second monitor of a refused port, and the automatic incident its confirmed outage opens. */
async function monitorWithOutage(page: Page, name: string) {
  const created = await page.request.post('/api/v1/monitors', {
    data: { name, url: `http://127.0.0.1:${await deadPort()}/`, intervalSeconds: 5 },
  });
  expect(created.ok()).toBe(true);
  const monitor = (await created.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/v1/incidents?monitorId=${monitor.id}`);
        return ((await list.json()) as { incidents: unknown[] }).incidents.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  return monitor.id;
}

const pageShot = (page: Page, name: string) => fullPageShot(page, `${SHOTS}/${name}.png`);

test('a free user sees the automatic incident, and Feature Unavailable on the monitor’s incidents tab', async ({
  page,
}) => {
  await signUp(page, incidentUser('free'));
  const monitorId = await monitorWithOutage(page, 'Dead API');

  await page.goto('/dashboard/incidents');
  const table = page.getByRole('table', { name: 'Incidents' });
  const row = table.getByRole('row').filter({ hasText: 'Dead API is down' });
  await expect(row).toContainText('Investigating');
  await expect(row).toContainText('Major');
  await expect(page.getByRole('button', { name: 'Create incident' })).toBeDisabled();
  // Incident management is a Starter feature: the card names the plan it checks out.
  await expect(page.getByText('This feature is available with the Starter plan.')).toBeVisible();
  await pageShot(page, 'incidents-list-free');

  await row.getByRole('link', { name: 'Dead API is down' }).click();
  await expect(page.getByRole('heading', { name: 'Dead API is down' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Resolve' })).toBeDisabled();
  await pageShot(page, 'incident-overview-free');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' })).toBeVisible();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByText('Feature Unavailable')).toBeVisible();

  await page.goto(`/dashboard/monitors/${monitorId}/incidents`);
  await expect(page.getByText('Feature Unavailable')).toBeVisible();
  await expect(page.getByText('This feature requires a Starter subscription plan or higher.')).toBeVisible();
  await pageShot(page, 'monitor-incidents-free');
});

test('a Starter user adds a note, posts an update and resolves the incident with a root cause', async ({
  page,
}) => {
  await signUp(page, incidentUser('starter'));
  await buyPlan(page, 'starter', { successPath: '/dashboard/incidents', nameOnCard: 'Incident Starter' });
  const monitorId = await monitorWithOutage(page, 'Checkout API');

  await page.goto('/dashboard/incidents');
  await expect(page.getByRole('button', { name: 'Create incident' })).toBeEnabled();
  await page.getByRole('link', { name: 'Checkout API is down' }).click();

  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByRole('button', { name: 'Acknowledged' })).toBeDisabled();

  await page.getByRole('button', { name: 'Post update' }).click();
  const update = page.getByRole('dialog', { name: 'Post update' });
  await update.getByLabel('Message').fill('The payment gateway refuses connections; failing over.');
  await update.getByLabel('Status').selectOption('identified');
  await update.screenshot({ path: `${SHOTS}/incident-post-update.png`, ...STILL });
  await update.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByRole('figure', { name: 'Latest update' })).toContainText('failing over');

  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel('New note').fill('Gateway vendor confirms an outage in eu-west.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByRole('listitem', { name: 'Note by Incident starter' });
  await expect(note).toContainText('Gateway vendor confirms an outage in eu-west.');
  await expect(note.getByRole('button', { name: 'Edit' })).toBeVisible();
  await pageShot(page, 'incident-notes');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve incident' });
  await resolve.getByLabel('Root cause').fill('The gateway’s TLS certificate expired.');
  await resolve.getByRole('button', { name: 'Resolve incident' }).click();
  await expect(page.getByRole('region', { name: 'Incident summary' })).toContainText('Resolved');
  await pageShot(page, 'incident-overview-resolved');

  await page.getByRole('tab', { name: 'Resolution' }).click();
  await expect(page.getByLabel('Root cause')).toHaveValue('The gateway’s TLS certificate expired.');
  await pageShot(page, 'incident-resolution');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Update (Identified): The payment gateway refuses connections');
  await expect(timeline).toContainText('Note added.');
  await expect(timeline).toContainText('Resolution updated.');
  await pageShot(page, 'incident-timeline');

  await page.goto(`/dashboard/monitors/${monitorId}/incidents`);
  await expect(page.getByRole('region', { name: 'Incident figures' })).toContainText('MTTR');
  await expect(page.getByRole('link', { name: 'Checkout API is down' })).toBeVisible();
  await pageShot(page, 'monitor-incidents-starter');
});
