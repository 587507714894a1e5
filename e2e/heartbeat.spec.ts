import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { buyPlan, fullPageShot, signUp } from './helpers';

const SHOTS = 'e2e/screenshots';
const run = promisify(execFile);

function journeyUser(who: string) {
  return { name: `Heartbeat ${who}`, emailPrefix: `heartbeat-${who}`, password: 'heartbeat journey 42' };
}

const shot = (page: Page, name: string) => fullPageShot(page, `${SHOTS}/${name}.png`);

async function pickKind(page: Page, title: string, name: string) {
  await page.goto('/dashboard/monitors/new');
  // The radio itself is visually hidden: people click its card.
  await page.getByText(title, { exact: true }).click();
  await expect(page.getByRole('radio', { name: title })).toBeChecked();
  await page.getByLabel('Name', { exact: true }).fill(name);
}

/** The status badge beside the monitor's name. */
const badge = (page: Page) => page.locator('h1 + *');

/**
 * Runs a snippet copied from the page as a shell runs it, in a folder holding the job it names
 * (`./your-job.sh`, which succeeds), with the system curl.
 */
async function runSnippet(snippet: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upwatch-heartbeat-job-'));
  try {
    await writeFile(path.join(dir, 'your-job.sh'), '#!/bin/sh\necho "backup done"\n', { mode: 0o755 });
    await run('bash', ['-e', '-c', snippet], { cwd: dir, timeout: 15_000 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a heartbeat goes up live when its curl snippet runs, and down with an incident on /fail', async ({
  page,
}) => {
  await signUp(page, journeyUser('pro'));
  // Pro allows the shortest period, one minute (the plan's minimum check interval).
  await buyPlan(page, 'pro', { successPath: '/dashboard/settings', nameOnCard: 'Heartbeat Pro' });

  await pickKind(page, 'Heartbeat (cron job)', 'Nightly backup');
  // A heartbeat is due by its own schedule, watches no host and times nothing.
  await expect(page.getByLabel('Check interval', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Domain expiry warnings', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Advanced/ })).toHaveCount(0);
  await page.getByLabel('Period (minutes)', { exact: true }).fill('1');
  await page.getByLabel('Grace time (minutes)', { exact: true }).fill('0');
  await shot(page, 'kind-form-heartbeat');
  await page.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page).toHaveURL(/\/dashboard\/monitors\/[^/]+$/);
  await expect(badge(page)).toHaveText('Pending');
  await expect(page.getByText('No pings yet.', { exact: true })).toBeVisible();
  await expect(page.getByText('Next expected ping: after the first ping')).toBeVisible();
  await expect(page.getByText('Every 1 min, grace 0 s')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Response time' })).toHaveCount(0);

  // The curl snippet exactly as the page shows it.
  await page.getByRole('tab', { name: 'curl', exact: true }).click();
  const snippet = await page.getByRole('tabpanel').locator('pre').innerText();
  const pingUrl = await page.locator('code').filter({ hasText: '/api/ping/' }).innerText();
  expect(snippet).toContain(`${pingUrl}/start`);
  expect(snippet).toContain(`${pingUrl}/$?`);
  await runSnippet(snippet);

  // No reload: the live events move the badge, the schedule and the ping log.
  await expect(badge(page)).toHaveText('Up');
  const log = page.getByRole('table', { name: 'Last pings' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').first()).toContainText('Exit 0 (success)');
  await expect(log.getByRole('row').last()).toContainText('Started');
  await expect(page.getByText('Next expected ping: after the first ping')).toHaveCount(0);
  await shot(page, 'kind-detail-heartbeat');

  // The job fails: down at once (no confirmation re-check), with an incident.
  await run('curl', ['-fsS', '-m', '10', '-o', '/dev/null', `${pingUrl}/fail`], { timeout: 15_000 });
  await expect(badge(page)).toHaveText('Down');
  await expect(log.getByRole('row').first()).toContainText('Failed');
  await shot(page, 'kind-detail-heartbeat-down');

  await page.goto('/dashboard/incidents');
  const incident = page
    .getByRole('table', { name: 'Incidents' })
    .getByRole('row')
    .filter({ hasText: 'Nightly backup is down' });
  await expect(incident).toContainText('Investigating');
});

test('a ping monitor of 127.0.0.1 goes up through the system ping', async ({ page }) => {
  await signUp(page, journeyUser('ping'));
  await pickKind(page, 'Ping (ICMP)', 'Loopback');
  await page.getByLabel('Check interval', { exact: true }).selectOption({ label: 'Every 5 s' });
  await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
  await page.getByRole('button', { name: /Advanced/ }).click();
  await expect(page.getByLabel('Packets per check', { exact: true })).toHaveValue('3');
  await shot(page, 'kind-form-ping');
  await page.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page).toHaveURL(/\/dashboard\/monitors\/[^/]+$/);
  await expect(badge(page)).toHaveText('Up', { timeout: 20_000 });
  await expect(page.getByText('127.0.0.1', { exact: true })).toBeVisible();
  const checks = page.getByRole('list', { name: 'Recent checks' }).getByRole('listitem');
  await expect(checks.first()).toBeVisible();
  await shot(page, 'kind-detail-ping');
});
