// The built SPA under its own Content-Security-Policy (src/server/platform/http/security-headers.ts), in
// real Chromium against the real server: the prerendered landing page hydrates through its
// hashed loader, the dashboard's screens, a mail preview in the outbox and the two-factor QR code
// all render, and no page, frame or worker reports a `securitypolicyviolation`.
import { serve } from '@hono/node-server';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { WEB_DIST_DIR } from '../server/app/runtime.ts';
import { createUser } from '../server/test/factories.ts';
import { buildApp } from '../server/test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/test-db.ts';
import { freePort } from '../server/test/upwatch-process.ts';

let database: TestDatabase;
let server: { url: string; close(): Promise<void> };
let browser: Browser;
let cookie: string;
let context: BrowserContext;

/** Runs in every document before its own scripts: keeps each violation the page reports. */
function recordViolations() {
  const seen: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(
      `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The server's own address as its public URL: the app's writes carry it as their Origin.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const { app, auth, billing } = buildApp(database, { publicUrl }, { webDistDir: WEB_DIST_DIR });
  server = await new Promise((resolve) => {
    const running = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
      resolve({ url: publicUrl, close: () => new Promise<void>((done) => running.close(() => done())) }),
    );
  });
  const user = await createUser(auth, { name: 'Policy Reader' });
  // Pro: digests, whose preview mail the outbox shows.
  await billing.attach?.grant(user.id, 'pro');
  cookie = user.cookie;
  browser = await chromium.launch(chromiumLaunchOptions());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await database?.destroy();
});

interface Watched {
  page: Page;
  /** Violations in every frame, and the console's CSP refusals, which name the ones a frame swallowed. */
  problems(): Promise<string[]>;
}

async function watch(page: Page): Promise<Watched> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text()))
      console.push(message.text());
  });
  page.on('pageerror', (error) => console.push(`uncaught: ${error.message}`));
  await page.addInitScript(recordViolations);
  return {
    page,
    async problems() {
      const found = [...console];
      for (const frame of page.frames()) {
        const list = await frame
          .evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])
          .catch(() => []);
        found.push(...list.map((item) => `${frame.url()}: ${item}`));
      }
      return found;
    },
  };
}

describe('the SPA under its Content-Security-Policy', () => {
  it('hydrates the prerendered landing page through its hashed loader, with no violation', async () => {
    const visitor = await browser.newContext();
    try {
      const { page, problems } = await watch(await visitor.newPage());
      const response = await page.goto(`${server.url}/`);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      // The loader runs the app at the first sign of use.
      await page.mouse.move(10, 10);
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      );
      await page
        .getByRole('link', { name: /pricing/i })
        .first()
        .click();
      await page.getByText('$39').first().waitFor();
      expect(await problems()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  describe('signed in', () => {
    beforeAll(async () => {
      context = await browser.newContext();
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url }]);
    });
    afterAll(() => context.close());

    it('renders the dashboard’s screens with no violation', async () => {
      const { page, problems } = await watch(await context.newPage());
      for (const path of [
        '/dashboard',
        '/dashboard/monitors/new',
        '/dashboard/incidents',
        '/dashboard/performance',
        '/dashboard/settings',
        '/dashboard/settings/billing',
        '/dashboard/reports',
      ]) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
        await page.getByText('Incidents').first().waitFor({ timeout: 15_000 });
        // The live-updates stream never lets the network go idle: the screen's lazy parts get a moment.
        await page.waitForTimeout(500);
      }
      expect(await problems()).toEqual([]);
    });

    it('shows a mail in the outbox’s sandboxed frame and submits a validated form, with no violation', async () => {
      const { page, problems } = await watch(await context.newPage());
      // A digest preview lands in the outbox (no SMTP here): mail HTML, inline styles throughout.
      const sent = await page.request.post(`${server.url}/api/v1/reports/preview`, {
        headers: { origin: server.url },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      await page.goto(`${server.url}/dashboard/settings/notifications`);
      const mail = page.frameLocator('iframe[sandbox=""]').first();
      await mail
        .locator('body')
        .getByText(/digest/i)
        .first()
        .waitFor({ timeout: 15_000 });
      await page.goto(`${server.url}/dashboard/monitors/new`);
      await page.getByLabel('Name').fill('Policy site');
      await page.getByLabel('URL').fill('https://policy.example.com/');
      await page.getByRole('button', { name: 'Create monitor' }).click();
      await page.waitForURL(/\/dashboard\/monitors\/[^/]+$/, { timeout: 15_000 });
      expect(await problems()).toEqual([]);
    });
  });
});
