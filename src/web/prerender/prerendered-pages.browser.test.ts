// The landing and pricing pages paint from HTML with JavaScript off (vite.config.ts prerenders
// them), then hydrate without redrawing or shifting when it is on. Real Chromium, real server,
// the built SPA; screenshots of each state go to test-results/prerender/.
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../e2e/chromium.ts';
import { PLAN_LIST } from '../../core/plans.ts';
import { WEB_DIST_DIR } from '../../server/app/runtime.ts';
import { createUser } from '../../server/test/factories.ts';
import { buildApp } from '../../server/test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/test-db.ts';
import { freePort } from '../../server/test/upwatch-process.ts';

// The server's own address, so sign-up's Origin check passes; the CI example must show it.
let PUBLIC_URL: string;
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/prerender');

let database: TestDatabase;
let server: { url: string; close(): Promise<void> };
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  PUBLIC_URL = `http://127.0.0.1:${port}`;
  const { app, auth } = buildApp(database, { publicUrl: PUBLIC_URL }, { webDistDir: WEB_DIST_DIR });
  server = await new Promise((resolve) => {
    const running = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => running.close(() => done())),
      }),
    );
  });
  cookie = (await createUser(auth, { name: 'Prerender Reader' })).cookie;
  browser = await chromium.launch(chromiumLaunchOptions());
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await database?.destroy();
});

async function open(route: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.url}${route}`);
  return { page, errors, close: () => context.close() };
}

/** Sum of layout-shift scores since navigation (the page's CLS, without windows). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Runs in the page: whether React has adopted the prerendered root. */
function reactOwnsRoot(): boolean {
  const root = document.getElementById('root');
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
}

/** The visitor moves the pointer (the page's code runs then), and React adopts the prerendered root. */
async function hydrated(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.waitForFunction(reactOwnsRoot);
}

describe('with JavaScript off', () => {
  it('/ shows the headline, the free offer and the CI example with this server’s address', async () => {
    const { page, close } = await open('/', false);
    try {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        "Monitoring that doesn't suck",
      );
      await page.getByText('5 monitors free, no credit card required, setup in 30 seconds').waitFor();
      await page.getByText(`curl -X POST ${PUBLIC_URL}/api/v1/deployments`).waitFor();
      for (const name of ['Pricing', 'Sign in', 'Sign up']) {
        await page.getByRole('link', { name, exact: true }).first().waitFor();
      }
      await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-no-js.png'), fullPage: true });
    } finally {
      await close();
    }
  });

  it('/pricing shows its headline and every plan with its price', async () => {
    const { page, close } = await open('/pricing', false);
    try {
      await page.getByRole('heading', { level: 1, name: 'Simple, honest pricing' }).waitFor();
      for (const plan of PLAN_LIST) {
        const card = page.getByRole('article', { name: plan.displayName });
        await card.waitFor();
        await expect(card.textContent()).resolves.toContain(`$${plan.monthlyPrice}`);
      }
      await page.screenshot({ path: path.join(SCREENSHOTS, 'pricing-no-js.png'), fullPage: true });
    } finally {
      await close();
    }
  });
});

describe('with JavaScript on', () => {
  it('/ runs none of its code while the visitor only reads: it is prefetched after load', async () => {
    const { page, errors, close } = await open('/', true);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    try {
      await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0);
      const prefetched = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href),
      );
      expect(prefetched.some((href) => /\/assets\/index-[\w-]+\.js$/.test(href))).toBe(true);
      expect(prefetched.some((href) => /\/assets\/react-[\w-]+\.js$/.test(href))).toBe(true);
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(reactOwnsRoot)).toBe(false);
      expect(await page.evaluate(() => document.querySelectorAll('script[type="module"]').length)).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        "Monitoring that doesn't suck",
      );
      await hydrated(page);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('presses again, once the app runs, a button pressed before it did', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      // Playwright moves the pointer and clicks at once: the click lands before the code has run.
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `curl -X POST ${PUBLIC_URL}/api/v1/deployments -H "Authorization: Bearer {key}" -H "content-type: application/json" -d '{"version":"v1.4.2","trigger_checks":true}'`,
      );
    } finally {
      await context.close();
    }
  });

  it('/ hydrates the same HTML, without layout shift, and its links navigate in the app', async () => {
    const { page, errors, close } = await open('/', true);
    try {
      await hydrated(page);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-js.png'), fullPage: true });
      // A page that survives the click was not reloaded: the router handled it.
      await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
      await page.getByRole('link', { name: 'See pricing' }).click();
      await page.getByRole('heading', { name: 'Simple, honest pricing' }).waitFor();
      expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('/pricing hydrates the same HTML, without layout shift, and a plan button works', async () => {
    const { page, errors, close } = await open('/pricing', true);
    try {
      await hydrated(page);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'pricing-js.png'), fullPage: true });
      await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
      await page.getByRole('article', { name: 'Free' }).getByRole('link').click();
      await page.waitForURL(/\/signup$/);
      expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lets a visitor sign up from the hydrated page and land on the dashboard', async () => {
    const { page, errors, close } = await open('/', true);
    try {
      await hydrated(page);
      await page.getByRole('link', { name: 'Start monitoring free' }).click();
      await page.getByLabel('Name').fill('Hydrated Visitor');
      await page.getByLabel('Email').fill(`hydrated-${Date.now()}@example.com`);
      await page.getByLabel('Password').fill('a-long-enough-password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/dashboard/);
      await page.getByRole('link', { name: 'Incidents' }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('sends a signed-in user from / to the dashboard', async () => {
    const context = await browser.newContext();
    try {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForURL(/\/dashboard$/);
    } finally {
      await context.close();
    }
  });
});
