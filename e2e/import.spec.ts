import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fullPageShot, signUp } from './helpers';

const FIXTURE = path.resolve(import.meta.dirname, '../src/server/imports/fixtures/kuma-backup.json');

test('an Uptime Kuma backup is previewed in Settings → Import, confirmed, and its monitors listed', async ({
  page,
}) => {
  // The Free plan has room for 5 monitors: the backup without its TCP monitor fits.
  const backup = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { monitorList: { name: string }[] };
  backup.monitorList = backup.monitorList.filter((monitor) => monitor.name !== 'Database port');

  await signUp(page, { name: 'Ike Import', emailPrefix: 'import', password: 'import journey 42' });
  await page.goto('/dashboard/settings/import');
  await page.getByLabel('From').selectOption('kuma');
  await page.getByLabel('File').setInputFiles({
    name: 'Uptime_Kuma_Backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backup)),
  });

  await expect(page.getByText('5 monitors and 2 alert channels to import, 4 skipped.')).toBeVisible();
  const monitors = page.getByRole('region', { name: 'Monitors to import' });
  await expect(monitors.getByRole('row', { name: /Nightly backup heartbeat/ })).toBeVisible();
  await expect(
    monitors.getByText('Checked every 1 min; the Free plan checks at most every 15 min, so every 15 min.'),
  ).toBeVisible();
  const skipped = page.getByRole('region', { name: 'Skipped' });
  await expect(skipped.getByRole('row', { name: /Redis container monitor/ })).toBeVisible();
  await expect(
    skipped.getByRole('row', { name: /Status webhook channel Signed webhooks need the Pro plan/ }),
  ).toBeVisible();
  await fullPageShot(page, 'test-results/import-preview.png');

  await page.getByRole('button', { name: 'Import 5 monitors and 2 channels' }).click();
  await expect(page.getByText('Imported 5 monitors and 2 alert channels.')).toBeVisible();
  await page.getByRole('link', { name: 'See the monitors' }).click();
  await expect(page).toHaveURL(/\/dashboard\/monitors$/);
  for (const name of ['Shop', 'Shop search', 'Gateway', 'Apex record', 'Nightly backup']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
});
