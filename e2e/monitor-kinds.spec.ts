import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { startDnsServer } from '../src/server/checks/test/dns-server';
import { signUp } from './helpers';

const USER = { name: 'Kinds Journey', emailPrefix: 'monitor-kinds', password: 'monitor kinds 42' };
const SHOTS = 'e2e/screenshots';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A database-like TCP service on 127.0.0.1: greets each connection with a banner. */
function bannerServer(): Server {
  return createServer((socket) => {
    socket.on('error', () => {});
    socket.end('READY upwatch-e2e\r\n');
  });
}

/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function newMonitor(page: Page, kind: string, name: string) {
  await page.goto('/dashboard/monitors/new');
  // The radio itself is visually hidden: people click its card.
  await page.getByText(kind, { exact: true }).click();
  await expect(page.getByRole('radio', { name: kind })).toBeChecked();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Check interval', { exact: true }).selectOption({ label: 'Every 5 s' });
}

async function create(page: Page) {
  await page.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page).toHaveURL(/\/dashboard\/monitors\/[^/]+$/);
  await expect(page.locator('h1 + *').getByText('Up', { exact: true })).toBeVisible({ timeout: 20_000 });
}

/** The overview's results load once; a reload shows the checks run since. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}

test('TCP, DNS and HTTP monitors: each kind is created from its own form, goes up and shows its facts', async ({
  page,
}) => {
  const tcp = bannerServer();
  const tcpPort = await listen(tcp);
  const site = createHttpServer((_req, res) => res.end('<h1>Local site</h1>'));
  const sitePort = await listen(site as unknown as Server);
  const dns = await startDnsServer({ records: { 'shop.example.test A': [{ address: '192.0.2.10' }] } });
  try {
    await signUp(page, USER);

    // HTTP: the default kind.
    await newMonitor(page, 'HTTP(S) website or API', 'Local site');
    await page.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${sitePort}/`);
    await shot(page, 'kind-form-http');
    await create(page);
    await expect(page.getByRole('tab', { name: 'Performance' })).toBeVisible();
    await reloadUntil(page, () =>
      expect(page.getByRole('list', { name: 'Recent checks' }).getByRole('listitem')).toHaveCount(2, {
        timeout: 2_000,
      }),
    );
    await shot(page, 'kind-detail-http');

    // TCP: a real port, with the banner it must answer.
    await newMonitor(page, 'TCP port', 'Banner service');
    await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill('70000');
    await page.getByLabel('Host', { exact: true }).focus();
    await expect(page.getByText('Ports run from 1 to 65535.')).toBeVisible();
    await page.getByLabel('Port', { exact: true }).fill(String(tcpPort));
    await page.getByRole('button', { name: /Advanced/ }).click();
    await page.getByLabel('Expect in the answer', { exact: true }).fill('READY');
    await shot(page, 'kind-form-tcp');
    await create(page);
    await expect(page.getByText(`127.0.0.1:${tcpPort}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Performance' })).toHaveCount(0);
    await reloadUntil(page, async () => {
      const rows = page.getByRole('table', { name: 'Connection timings of recent checks' }).getByRole('row');
      await expect(rows).toHaveCount(3, { timeout: 2_000 });
    });
    await shot(page, 'kind-detail-tcp');
    // Its settings edit the same fields; the kind stays.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByLabel('Port', { exact: true })).toHaveValue(String(tcpPort));
    await expect(page.getByRole('radio')).toHaveCount(0);
    await shot(page, 'kind-settings-tcp');

    // DNS: a local resolver whose answer changes while the monitor watches.
    await newMonitor(page, 'DNS record', 'Shop address');
    await page.getByLabel('Hostname', { exact: true }).fill('shop.example.test');
    await page.getByLabel('Resolver', { exact: true }).fill(`127.0.0.1:${dns.port}`);
    await page
      .getByLabel('Passes when the answer holds', { exact: true })
      .selectOption({ label: 'At least one expected value' });
    await page.getByLabel('Expected values', { exact: true }).fill('192.0.2.10\n192.0.2.20');
    await page.getByLabel('Domain expiry warnings', { exact: true }).uncheck();
    await shot(page, 'kind-form-dns');
    await create(page);
    const current = page.getByRole('list', { name: 'Current answers' });
    await reloadUntil(page, () => expect(current).toHaveText('192.0.2.10', { timeout: 2_000 }));

    dns.zone.records['shop.example.test A'] = [{ address: '192.0.2.20' }];
    await reloadUntil(page, () => expect(current).toHaveText('192.0.2.20', { timeout: 2_000 }));
    const changes = page.getByRole('list', { name: 'Answer set changes' });
    await expect(changes).toContainText('− 192.0.2.10');
    await expect(changes).toContainText('+ 192.0.2.20');
    await shot(page, 'kind-detail-dns');

    // The list names each monitor's kind beside its target.
    await page.goto('/dashboard/monitors');
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Banner service/ })).toContainText(`TCP127.0.0.1:${tcpPort}`);
    await expect(table.getByRole('row', { name: /Shop address/ })).toContainText(
      `DNSshop.example.test A @127.0.0.1:${dns.port}`,
    );
    await shot(page, 'kind-list');
  } finally {
    await close(tcp);
    await close(site as unknown as Server);
    await dns.close();
  }
});
