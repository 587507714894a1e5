import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUp } from './helpers';

const USER = { name: 'Plans Journey', emailPrefix: 'plans-journey', password: 'plans journey 42' };

const SHOTS = 'e2e/screenshots';

async function planSummary(page: Page) {
  const response = await page.request.get('/api/v1/me/plan');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { plan: string; limits: { monitors: { limit: number | null } } };
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const cardButton = (page: Page, name: string) => card(page, name).getByRole('button');

/** Animations finished, so a dialog or popover is not caught half faded in. */
const STILL = { animations: 'disabled' } as const;

/** A full-page picture from the top, so the sticky header sits where it belongs. */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, ...STILL });
}

/**
 * A dialog with a margin of the dimmed page around it. An element shot of the centred dialog
 * (a -50% translate, so half pixels) cut its bottom border and showed the page below instead.
 */
async function dialogShot(page: Page, dialog: Locator, name: string) {
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
  const box = await dialog.boundingBox();
  if (!box) throw new Error(`No box for the ${name} dialog`);
  const margin = 8;
  const [x, y] = [Math.floor(box.x) - margin, Math.floor(box.y) - margin];
  const width = Math.ceil(box.x + box.width) + margin - x;
  const height = Math.ceil(box.y + box.height) + margin - y;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, clip: { x, y, width, height }, ...STILL });
}

/** The dialog's own text Close button, not the corner icon of the same name. */
const closeButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Close', exact: true }).last();

test('a user buys Starter on the payment page, then upgrades, adds monitor packs, downgrades and renews in dialogs', async ({
  page,
}) => {
  await signUp(page, USER);
  await page.goto('/pricing');
  await expect(cardButton(page, 'Free')).toHaveText('Current Plan');
  await expect(cardButton(page, 'Free')).toBeDisabled();
  await expect(cardButton(page, 'Starter')).toHaveText('Upgrade');
  await pageShot(page, 'pricing-free');

  // No card on file: checkout answers with the sandbox payment page and no dialog opens (SPEC.md §4).
  await cardButton(page, 'Starter').click();
  await expect(page).toHaveURL(/\/billing\/checkout\//);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Plans Journey');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/pricing$/);
  await expect(cardButton(page, 'Starter')).toHaveText('Current Plan');
  await expect(cardButton(page, 'Pro')).toHaveText('Upgrade');
  await expect(cardButton(page, 'Free')).toHaveText('Cancel Plan');
  expect((await planSummary(page)).plan).toBe('starter');

  // Starter → Free: the confirmation names the end date and what is lost; closed unconfirmed.
  await cardButton(page, 'Free').click();
  const cancel = page.getByRole('dialog', { name: 'Cancel' });
  await expect(cancel).toContainText(/your subscription to Starter will end on \w{3} \d{1,2}, \d{4}\./);
  await expect(cancel).toContainText('Incident management');
  await dialogShot(page, cancel, 'dialog-cancel');
  await closeButton(cancel).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Starter → Pro: the card is on file now, so the dialog shows the proration and today's charge.
  await cardButton(page, 'Pro').click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(upgrade).toContainText('your payment method will be charged immediately');
  const prorations = upgrade.getByRole('list', { name: 'Prorations' });
  await expect(prorations).toContainText('Unused Starter');
  await expect(prorations).toContainText('Remaining Pro');
  await expect(upgrade).toContainText(/Due today\$\d+\.\d{2}/);
  await expect(upgrade).toContainText(/Due next cycle \(\w{3} \d{1,2}, \d{4}\)\$39\.00/);
  await dialogShot(page, upgrade, 'dialog-upgrade');
  await upgrade.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cardButton(page, 'Pro')).toHaveText('Current Plan');
  const pro = await planSummary(page);
  expect(pro.plan).toBe('pro');

  // Two monitor packs through the quantity popover: the limit rises by 2 × 10.
  await cardButton(page, 'Monitor pack').click();
  const pack = page.getByRole('dialog', { name: 'Subscribe to Monitor pack' });
  await expect(pack.getByRole('button', { name: 'Monitors quantity' })).toHaveText(/Qty: 10/);
  await pack.getByRole('button', { name: 'Monitors quantity' }).click();
  await page.getByRole('textbox', { name: 'Packs' }).fill('2');
  await page.screenshot({ path: `${SHOTS}/dialog-monitor-pack-quantity.png`, ...STILL });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(pack.getByRole('button', { name: 'Monitors quantity' })).toHaveText(/Qty: 20/);
  await expect(pack).toContainText('Due today$10.00');
  await dialogShot(page, pack, 'dialog-monitor-pack');
  await pack.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(async () => (await planSummary(page)).limits.monitors.limit)
    .toBe((pro.limits.monitors.limit ?? 0) + 20);

  // Pro → Starter: scheduled for the next cycle, whose date the dialog names.
  await cardButton(page, 'Starter').click();
  const downgrade = page.getByRole('dialog', { name: 'Downgrade to Starter' });
  await expect(downgrade).toContainText(
    /your current subscription to Pro will be cancelled and a new subscription to Starter will begin on \w{3} \d{1,2}, \d{4}\./,
  );
  await expect(downgrade).toContainText(/Due next cycle \(\w{3} \d{1,2}, \d{4}\)\$19\.00/);
  await dialogShot(page, downgrade, 'dialog-downgrade');
  await downgrade.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cardButton(page, 'Starter')).toHaveText('Plan Scheduled');
  await expect(cardButton(page, 'Starter')).toBeDisabled();
  await expect(cardButton(page, 'Pro')).toHaveText('Renew');
  await pageShot(page, 'pricing-scheduled');

  // Renew Pro: the scheduled downgrade is dropped and Pro carries on.
  await cardButton(page, 'Pro').click();
  const renew = page.getByRole('dialog', { name: 'Renew' });
  await expect(renew).toContainText('By clicking confirm, you will renew your subscription to Pro.');
  await dialogShot(page, renew, 'dialog-renew');
  await renew.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cardButton(page, 'Pro')).toHaveText('Current Plan');
  await expect(cardButton(page, 'Pro')).toBeDisabled();
  await expect(cardButton(page, 'Starter')).not.toHaveText('Plan Scheduled');
  expect((await planSummary(page)).plan).toBe('pro');
});

test('a signed-out visitor is sent to sign up from every plan', async ({ page }) => {
  await page.goto('/pricing');
  for (const name of ['Free', 'Starter', 'Pro']) {
    await expect(card(page, name).getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/signup',
    );
  }
  await pageShot(page, 'pricing-visitor');
});
