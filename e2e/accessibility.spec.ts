// Issue 39, items 10 and 11: axe-core on every route, light and dark, failing on any critical or
// serious violation; and the screens that broke on a phone, measured at 1280, 375 and 320 px.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { buyPlan, fullPageShot, signUp, startSite, upMonitor } from './helpers';

const SHOTS = 'e2e/screenshots';
const USER = { name: 'Ada Access', emailPrefix: 'accessibility', password: 'accessibility journey 42' };
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

interface Fixture {
  storage: Awaited<ReturnType<BrowserContext['storageState']>>;
  monitorId: string;
  incidentId: string;
  statusPath: string;
  site: Server;
}
let fixture: Fixture;

/** A port on 127.0.0.1 nothing listens on: bound once to learn a free one, then closed. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An open incident: a refused port's confirmed outage opens one. */
async function openIncident(page: Page): Promise<string> {
  const created = await page.request.post('/api/v1/monitors', {
    data: { name: 'Payments API', url: `http://127.0.0.1:${await deadPort()}/`, intervalSeconds: 5 },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  let incidentId = '';
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/v1/incidents?monitorId=${id}`);
        const { incidents } = (await list.json()) as { incidents: { id: string }[] };
        incidentId = incidents[0]?.id ?? '';
        return incidentId;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return incidentId;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const { url, server } = await startSite('<h1>Shop</h1>');
  await signUp(page, USER);
  await buyPlan(page, 'starter', { successPath: '/dashboard', nameOnCard: 'Ada Access' });
  const monitorId = await upMonitor(page, 'Storefront', url);
  // A managed monitor with a long name: its badge sat on top of the name on a phone.
  const applied = await page.request.post('/api/v1/config/apply', {
    data: { config: { monitors: { checkout: { name: 'Checkout service in Frankfurt', url } } } },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const incidentId = await openIncident(page);
  // A failed test restarts the worker and this set-up with it: each run its own slug.
  const slug = `acme-${Date.now()}`;
  const statusPage = await page.request.post('/api/v1/status-pages', {
    data: {
      name: 'Acme Status',
      slug,
      published: true,
      monitors: [{ monitorId, displayName: 'Shop' }],
    },
  });
  expect(statusPage.ok(), await statusPage.text()).toBe(true);
  fixture = {
    storage: await context.storageState(),
    monitorId,
    incidentId,
    statusPath: `/status/${slug}`,
    site: server,
  };
  await context.close();
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => fixture?.site.close(() => resolve()) ?? resolve());
});

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** One line per rule and up to five of its elements, so a failure reads without the JSON. */
function describeViolations(where: string, violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `${where}: [${violation.impact}] ${violation.id} (${violation.nodes.length}): ${violation.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Moderate and minor findings are printed for the reader, not failed on. */
const report = (text: string) => process.stdout.write(`${text}\n`);

/** The page once its data has come: a level-1 heading and no spinner left. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Critical and serious violations of every route, in one colour scheme; the others are printed. */
async function scan(page: Page, paths: string[], scheme: Scheme): Promise<string[]> {
  const failures: string[] = [];
  await page.emulateMedia({ colorScheme: scheme });
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    const where = `${path} (${scheme})`;
    const started = Date.now();
    const violations = await Promise.race([
      // A mail in the outbox is shown in an empty sandbox, where no script (axe's neither) may run.
      new AxeBuilder({ page })
        .exclude('iframe[sandbox=""]')
        // Experimental, so off by default: a control's name must contain its visible text.
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze()
        .then((results) => results.violations),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${where}: axe did not finish in 30 s`)), 30_000),
      ),
    ]);
    if (Date.now() - started > 5000) report(`${where}: axe took ${Date.now() - started} ms`);
    const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    const minor = violations.filter((v) => !blocking.includes(v));
    if (minor.length > 0) report(describeViolations(where, minor));
    if (blocking.length > 0) failures.push(describeViolations(where, blocking));
  }
  return failures;
}

async function signedIn(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ storageState: fixture.storage, viewport });
  return { context, page: await context.newPage() };
}

test('signed-out pages have no critical or serious axe violations, light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  const paths = ['/', '/pricing', '/signin', '/signup', '/forgot-password', fixture.statusPath];
  const failures: string[] = [];
  for (const scheme of SCHEMES) failures.push(...(await scan(page, paths, scheme)));
  expect(failures.join('\n\n'), 'critical or serious axe violations').toBe('');
});

test('signed-in pages have no critical or serious axe violations, light and dark', async ({ browser }) => {
  test.setTimeout(300_000);
  const { monitorId, incidentId } = fixture;
  const monitor = `/dashboard/monitors/${monitorId}`;
  const incident = `/dashboard/incidents/${incidentId}`;
  const settings = ['', '/members', '/billing', '/notifications', '/escalation', '/groups', '/api'];
  const paths = [
    '/dashboard',
    '/dashboard/monitors',
    '/dashboard/monitors/new',
    monitor,
    `${monitor}/uptime`,
    `${monitor}/security`,
    `${monitor}/incidents`,
    `${monitor}/settings`,
    '/dashboard/incidents',
    incident,
    `${incident}/timeline`,
    `${incident}/notes`,
    '/dashboard/maintenance',
    '/dashboard/performance',
    ...settings.map((tab) => `/dashboard/settings${tab}`),
    '/dashboard/settings/regions',
    '/dashboard/settings/import',
    '/dashboard/settings/audit',
  ];
  const { context, page } = await signedIn(browser);
  try {
    const failures: string[] = [];
    for (const scheme of SCHEMES) failures.push(...(await scan(page, paths, scheme)));
    expect(failures.join('\n\n'), 'critical or serious axe violations').toBe('');
  } finally {
    await context.close();
  }
});

test('the skip link is the first stop of the keyboard and moves focus to the content', async ({
  browser,
}) => {
  for (const signed of [false, true]) {
    const { context, page } = signed
      ? await signedIn(browser)
      : { context: null, page: await browser.newPage() };
    try {
      await page.goto(signed ? '/dashboard/monitors' : '/');
      await settled(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main')).toBeFocused();
    } finally {
      await (context ?? page).close();
    }
  }
});

/** Every control shows a ring when focused from the keyboard: an outline or a box-shadow not drawn before. */
test('a primary button shows its keyboard focus', async ({ page }) => {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/signin');
    await settled(page);
    const button = page.getByRole('button', { name: 'Sign in', exact: true });
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    const ringOf = () =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          outline: style.outlineStyle,
          width: style.outlineWidth,
          color: style.outlineColor,
          page: getComputedStyle(document.body).backgroundColor,
        };
      });
    const ring = await ringOf();
    expect(ring.outline).not.toBe('none');
    expect(Number.parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    // WCAG 1.4.11: the ring stands out from the page around the button by 3:1 at least, once
    // the button's colour transition has run (on a busy machine it is read halfway through).
    await expect
      .poll(
        async () => {
          const now = await ringOf();
          return contrast(now.color, now.page);
        },
        { message: `the focus ring's contrast (${scheme})`, timeout: 3000 },
      )
      .toBeGreaterThanOrEqual(3);
  }
});

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

const WIDTHS = [1280, 375, 320] as const;

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The deepest elements past the right edge, to name the culprit.
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => element.children.length === 0)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`),
  }));
  expect(scrollWidth, `${where}: the page scrolls sideways (${wide.join(', ')})`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Whole inside its scrolling card: not cut off by the card's edge. */
async function insideCard(control: Locator, where: string) {
  const card = control.locator('xpath=ancestor::table/..');
  const [box, bounds] = [await control.boundingBox(), await card.boundingBox()];
  expect(box && bounds, `${where}: not drawn`).toBeTruthy();
  const [b, c] = [box as Box, bounds as Box];
  expect(b.x >= c.x && b.x + b.width <= c.x + c.width, `${where}: cut off by its card`).toBe(true);
  const hidden = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(hidden, `${where}: its card scrolls sideways by ${hidden} px`).toBeLessThanOrEqual(0);
}

async function inViewport(page: Page, box: Box | null, where: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${where}: not drawn`).not.toBeNull();
  expect((box as Box).x, `${where}: starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect((box as Box).x + (box as Box).width, `${where}: ends right of the screen`).toBeLessThanOrEqual(
    width,
  );
}

test('the list, incidents, landing and settings fit 1280, 375 and 320 px screens', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const width of WIDTHS) {
    const viewport = { width, height: 800 };
    const guest = await browser.newContext({ viewport });
    const landing = await guest.newPage();
    await landing.goto('/');
    await settled(landing);
    await noSidewaysScroll(landing, `landing at ${width}`);
    for (const name of ['Sign In', 'Get Started']) {
      const link = landing.getByRole('banner').getByRole('link', { name, exact: true });
      if ((await link.count()) > 0)
        await inViewport(landing, await link.boundingBox(), `${name} at ${width}`);
    }
    await fullPageShot(landing, `${SHOTS}/a11y-landing-${width}.png`);
    await guest.close();

    const { context, page } = await signedIn(browser, viewport);
    try {
      await page.goto('/dashboard');
      await settled(page);
      await expect(
        page.getByRole('link', { name: 'Checkout service in Frankfurt', exact: true }),
      ).toBeVisible();
      await noSidewaysScroll(page, `dashboard at ${width}`);
      await fullPageShot(page, `${SHOTS}/a11y-dashboard-${width}.png`);

      await page.goto('/dashboard/monitors');
      await settled(page);
      const row = page.getByRole('row').filter({ hasText: 'Checkout service in Frankfurt' });
      const name = row.getByRole('link', { name: /Checkout service in Frankfurt/ });
      const badge = row.getByText('Managed by upwatch.yaml');
      await expect(badge).toBeVisible();
      const [nameBox, badgeBox] = [await name.boundingBox(), await badge.boundingBox()];
      expect(intersects(nameBox as Box, badgeBox as Box), `badge over the name at ${width}`).toBe(false);
      await inViewport(page, badgeBox, `managed badge at ${width}`);
      const pause = row.getByRole('button', { name: /Pause/ });
      await inViewport(page, await pause.boundingBox(), `Pause at ${width}`);
      await insideCard(pause, `Pause at ${width}`);
      await noSidewaysScroll(page, `monitor list at ${width}`);
      // Every entry of the main navigation is whole and reachable.
      const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
      for (const entry of ['Monitors', 'Performance', 'Incidents', 'Maintenance']) {
        const link = nav.getByRole('link', { name: entry, exact: true });
        await link.scrollIntoViewIfNeeded();
        await inViewport(page, await link.boundingBox(), `nav ${entry} at ${width}`);
        const cut = await link.evaluate((element) => element.scrollWidth > element.clientWidth);
        expect(cut, `nav ${entry} cut at ${width}`).toBe(false);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await fullPageShot(page, `${SHOTS}/a11y-monitors-${width}.png`);

      await page.goto('/dashboard/incidents');
      await settled(page);
      const acknowledge = page.getByRole('button', { name: 'Acknowledge: Payments API is down' });
      await expect(acknowledge).toBeVisible();
      await inViewport(page, await acknowledge.boundingBox(), `Acknowledge at ${width}`);
      await insideCard(acknowledge, `Acknowledge at ${width}`);
      await noSidewaysScroll(page, `incidents at ${width}`);
      await fullPageShot(page, `${SHOTS}/a11y-incidents-${width}.png`);

      await page.goto('/dashboard/settings');
      await settled(page);
      const tabs = page.getByRole('tablist');
      const hidden = await tabs.evaluate((list) => list.scrollWidth > list.clientWidth);
      expect(hidden, `settings tabs hidden sideways at ${width}`).toBe(false);
      for (const tab of await tabs.getByRole('tab').all()) {
        await inViewport(
          page,
          await tab.boundingBox(),
          `settings tab ${await tab.textContent()} at ${width}`,
        );
      }
      await noSidewaysScroll(page, `settings at ${width}`);
      await fullPageShot(page, `${SHOTS}/a11y-settings-${width}.png`);
    } finally {
      await context.close();
    }
  }
});
