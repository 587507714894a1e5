// Every user-facing route, loaded in real Chromium against the real server and the built
// SPA: each renders its screen with no uncaught error, signed out and signed in.
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { WEB_DIST_DIR } from '../server/app/runtime.ts';
import { createUser } from '../server/test/factories.ts';
import { listen } from '../server/test/listen.ts';
import { buildApp } from '../server/test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/test-db.ts';

let database: TestDatabase;
let server: { url: string; close(): Promise<void> };
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { app, auth } = buildApp(database, {}, { webDistDir: WEB_DIST_DIR });
  server = await listen(app);
  cookie = (await createUser(auth, { name: 'Route Walker' })).cookie;
  browser = await chromium.launch(chromiumLaunchOptions());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await database?.destroy();
});

async function visit(context: BrowserContext, path: string, text: string | RegExp, finalPath?: RegExp) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${server.url}${path}`);
    await page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
    if (finalPath) expect(new URL(page.url()).pathname).toMatch(finalPath);
    expect(errors, `uncaught errors on ${path}`).toEqual([]);
  } finally {
    await page.close();
  }
}

const PUBLIC_ROUTES: [string, string | RegExp][] = [
  ['/', "Monitoring that doesn't suck"],
  ['/pricing', '$39'],
  ['/signin', 'Sign in to your Upwatch account.'],
  ['/signup', 'Create account'],
  ['/invitation/not-a-token', 'Invitation not found'],
  ['/status/acme', 'Page Not Available'],
  ['/status/acme/embed', 'Page Not Available'],
  ['/status/monitor/123', 'Page Not Available'],
  ['/a/path/that/does/not/exist', 'Page not found'],
];

const DASHBOARD_ROUTES = [
  '/dashboard',
  '/dashboard/monitors',
  '/dashboard/monitors/new',
  '/dashboard/performance',
  '/dashboard/incidents',
  '/dashboard/incidents/monitor/m1',
  '/dashboard/settings',
  '/dashboard/settings/members',
  '/dashboard/settings/billing',
  '/dashboard/settings/groups',
  '/dashboard/settings/api',
  '/dashboard/settings/regions',
  '/dashboard/deployments/new',
  '/dashboard/maintenance',
  '/dashboard/reports',
  '/dashboard/groups/public',
];

describe('signed out', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext();
  });
  afterAll(() => context.close());

  it.each(PUBLIC_ROUTES)('%s renders', async (path, text) => {
    await visit(context, path, text);
  });

  it('every dashboard route shows the sign-in prompt', async () => {
    for (const path of DASHBOARD_ROUTES) await visit(context, path, 'Sign in to access the dashboard');
  });
});

describe('signed in', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext();
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  });
  afterAll(() => context.close());

  it('every dashboard route renders inside the shell', async () => {
    for (const path of DASHBOARD_ROUTES) await visit(context, path, 'Incidents');
  });

  it('the user settings tab shows the account', async () => {
    await visit(context, '/dashboard/settings', 'User Settings');
  });

  it('gated tabs name the lowest plan that includes them', async () => {
    await visit(
      context,
      '/dashboard/settings/api',
      'This feature requires a Pro subscription plan or higher.',
    );
  });

  it('a monitor that cannot be loaded shows the monitor error page', async () => {
    await visit(context, '/dashboard/monitors/does-not-exist', 'Monitor Error');
  });

  it('signed-in visitors to / go to the dashboard, and bare builders redirect into it', async () => {
    await visit(context, '/', 'Dashboard', /^\/dashboard$/);
    await visit(context, '/monitors/new', 'Incidents', /^\/dashboard\/monitors\/new$/);
    await visit(context, '/incidents/monitor/m7', 'Incidents', /^\/dashboard\/monitors\/m7\/incidents$/);
  });
});
