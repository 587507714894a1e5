import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { fullPageShot, signUp, startSite } from './helpers';

const USER = { name: 'Subscribers Owner', emailPrefix: 'subscribers', password: 'subscribers journey 42' };
const SHOTS = 'test-results';
const SLUG = 'acme-updates';
const READER = 'reader@example.test';

/** A visitor who is not signed in and runs no JavaScript: the page and its form must work so. */
async function visitor(browser: Browser, colorScheme: 'light' | 'dark', width = 1024) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    colorScheme,
    viewport: { width, height: 900 },
  });
  return { context, page: await context.newPage() };
}

async function publishPage(page: Page, server: Server) {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const monitor = await page.request.post('/api/v1/monitors', {
    data: { name: 'Shop', url, intervalSeconds: 5 },
  });
  expect(monitor.ok()).toBe(true);
  const { id } = (await monitor.json()) as { id: string };
  const created = await page.request.post('/api/v1/status-pages', {
    data: { name: 'Acme', slug: SLUG, published: true, monitors: [{ monitorId: id, displayName: 'Shop' }] },
  });
  expect(created.ok()).toBe(true);
  return { monitorId: id, pageId: ((await created.json()) as { id: string }).id };
}

/** The confirmation link of the newest mail to the reader in the owner's outbox (no SMTP here). */
async function confirmationLink(page: Page): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get('/api/v1/outbox')).json()) as {
        mails: { to: string; subject: string; text: string }[];
      };
      const mail = mails.find((m) => m.to === READER && m.subject === 'Confirm your subscription to Acme');
      link = /https?:\/\/\S+\/confirm\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return new URL(link).pathname;
}

test('a signed-out visitor subscribes by email, confirms from the outbox, and the owner sees the count', async ({
  page,
  browser,
}) => {
  const { server } = await startSite();
  try {
    await signUp(page, USER);
    const { monitorId, pageId } = await publishPage(page, server);

    const light = await visitor(browser, 'light');
    try {
      await light.page.goto(`/status/${SLUG}`);
      const form = light.page.getByRole('region', { name: 'Get updates' });
      await expect(form).toBeVisible();
      await fullPageShot(light.page, `${SHOTS}/subscribers-page-light.png`);
      // The full form, with the page's monitors to choose from, is a page of its own.
      await form.getByRole('link', { name: 'Only some monitors? Choose them here.' }).click();
      await expect(light.page.getByRole('heading', { name: 'Get updates from Acme' })).toBeVisible();
      await light.page.getByLabel('Shop').check();
      await light.page.screenshot({ path: `${SHOTS}/subscribers-options-light.png` });
      await light.page.getByLabel('Email address').fill(READER);
      await light.page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(light.page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
      await expect(light.page.getByText(`We sent a confirmation link to ${READER}.`)).toBeVisible();
      await light.page.screenshot({ path: `${SHOTS}/subscribers-sent-light.png` });

      await light.page.goto(await confirmationLink(page));
      await expect(light.page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
      await expect(light.page.getByText('You will get updates about Acme.')).toBeVisible();
      await light.page.screenshot({ path: `${SHOTS}/subscribers-confirmed-light.png` });
    } finally {
      await light.context.close();
    }

    for (const [scheme, width] of [
      ['dark', 1024],
      ['light', 375],
    ] as const) {
      const view = await visitor(browser, scheme, width);
      try {
        await view.page.goto(`/status/${SLUG}`);
        await view.page.getByText('Or use a webhook').click();
        await expect(
          view.page.getByLabel('Webhook URL (receives a signed JSON POST per event)'),
        ).toBeVisible();
        await fullPageShot(view.page, `${SHOTS}/subscribers-page-${scheme}-${width}.png`);
      } finally {
        await view.context.close();
      }
    }

    await page.goto('/dashboard/settings/groups');
    const row = page.getByRole('listitem', { name: 'Acme' });
    await expect(row).toContainText('1 subscriber');
    await row.getByRole('button', { name: 'Edit Acme' }).click();
    await expect(page.getByText('1 subscriber · 1 confirmed · up to 100 on your plan')).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: new RegExp(READER) })).toContainText('Confirmed');
    const { subscribers } = (await (
      await page.request.get(`/api/v1/status-pages/${pageId}/subscribers`)
    ).json()) as { subscribers: { monitorIds: string[] | null }[] };
    expect(subscribers[0]?.monitorIds).toEqual([monitorId]);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await page.getByRole('heading', { name: 'Subscribers' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/subscribers-settings-light.png`, animations: 'disabled' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/subscribers-settings-dark.png`, animations: 'disabled' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: 'Subscribers' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/subscribers-settings-dark-375.png`, animations: 'disabled' });
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
});
