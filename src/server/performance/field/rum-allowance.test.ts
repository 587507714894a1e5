// Page views are metered as `rum_pageviews` (issue 42, item 7): counted once per page view in
// batched tracks, past the allowance counted but not stored (the settings say so for the banner),
// raised by a pack, and back at a new period.
import { afterEach, describe, expect, it } from 'vitest';
import type { RumSettings } from '../../../core/api/field.ts';
import { PAGE_VIEW_PACK, PLANS } from '../../../core/plans.ts';
import { billingClient, TEST_CARD } from '../../billing/test/billing-client.ts';
import type { TestUser } from '../../test/factories.ts';
import { METER_MS, PAGE_VIEWS_FEATURE } from './page-view-meter.ts';
import { beaconBody, createRumApp, type RumApp } from './test/rum-app.ts';

const FREE_VIEWS = PLANS.free.limits.rumPageViewsPerMonth;
const DAY = 86_400_000;

let r: RumApp;
afterEach(async () => {
  await r?.t.close();
});

/** Each page view a new visitor's, so one address's rate limit never answers first. */
async function visits(key: string, count: number, from = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = from; i < from + count; i++) {
    const answer = await r.beacon(key, beaconBody(), { 'x-forwarded-for': `203.0.113.${i % 250}` });
    statuses.push(answer.status);
  }
  return statuses;
}

/** The workspace's tracked page views: how many track events and what they add up to. */
async function tracked(workspaceId: string) {
  const events = await r.t.database.db
    .selectFrom('billing_events')
    .select('value')
    .where('customer_id', '=', workspaceId)
    .where('event_name', '=', PAGE_VIEWS_FEATURE)
    .execute();
  return { events: events.length, pageViews: events.reduce((sum, e) => sum + Number(e.value), 0) };
}

async function pageViewsFeature(owner: TestUser) {
  return (await billingClient(r.t, owner).customer()).features[PAGE_VIEWS_FEATURE];
}

async function settingsOf(owner: TestUser, siteId: string) {
  return r.json<RumSettings>(await r.send(owner, 'GET', `/performance/sites/${siteId}/rum`), 200);
}

/** The stored page views of the site: its '*' rows' total. */
async function stored(): Promise<number> {
  await r.t.rum.buffer.flush();
  return (await r.rows()).filter((row) => row.route === '*').reduce((sum, row) => sum + row.page_views, 0);
}

async function workspaceOf(siteId: string): Promise<string> {
  const row = await r.t.database.db
    .selectFrom('rum_sites')
    .select('workspace_id')
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return row.workspace_id;
}

/** A free workspace with RUM on, its allowance used up to `left` page views. */
async function freeSiteWith(left: number) {
  r = await createRumApp({ trustProxy: true });
  const owner = await r.user('free');
  const { site, key } = await r.enabled(owner);
  const workspaceId = await workspaceOf(site.id);
  await r.t.billing.entitlements.track(workspaceId, PAGE_VIEWS_FEATURE, FREE_VIEWS - left);
  return { owner, site, key, workspaceId };
}

describe('metered page views', () => {
  it('are counted once per page view in one track per batch on the clock, robots and sampled-out ones not', async () => {
    r = await createRumApp({ trustProxy: true });
    const owner = await r.user('free');
    const { site, key } = await r.enabled(owner);
    const workspaceId = await workspaceOf(site.id);
    expect(await pageViewsFeature(owner)).toMatchObject({ balance: FREE_VIEWS, usage: 0 });
    expect(await visits(key, 30)).toEqual(Array(30).fill(204));
    const robot = await r.beacon(key, beaconBody(), { 'user-agent': 'Googlebot/2.1' });
    expect(robot.status).toBe(204);
    // Nothing is tracked per beacon: the batch goes when the meter's 10 s are up.
    expect(await tracked(workspaceId)).toEqual({ events: 0, pageViews: 0 });
    r.clock.advance(METER_MS);
    await expect.poll(() => tracked(workspaceId), { timeout: 5_000 }).toEqual({ events: 1, pageViews: 30 });
    expect(await pageViewsFeature(owner)).toMatchObject({ balance: FREE_VIEWS - 30, usage: 30 });

    await r.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, { enabled: true, sampleRate: 0 });
    expect(await visits(key, 5, 30)).toEqual(Array(5).fill(204));
    await r.t.rum.meter.flush();
    expect(await tracked(workspaceId)).toEqual({ events: 1, pageViews: 30 });
    expect(await stored()).toBe(30);
  });

  it('past the allowance are answered 204 and counted but not stored, and the settings say so', async () => {
    const { owner, site, key, workspaceId } = await freeSiteWith(5);
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(false);
    // The batch that crosses the allowance is stored whole; the check after it closes the door.
    expect(await visits(key, 10)).toEqual(Array(10).fill(204));
    await r.t.rum.meter.flush();
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(true);
    expect(await visits(key, 20, 10)).toEqual(Array(20).fill(204));
    expect(await stored()).toBe(10);
    await r.t.rum.meter.flush();
    // Usage shows the real number; the balance stops at zero.
    expect((await tracked(workspaceId)).pageViews).toBe(FREE_VIEWS + 25);
    expect(await pageViewsFeature(owner)).toMatchObject({ balance: 0, usage: FREE_VIEWS });
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(true);
  });

  it('are stored again once a pack raises the allowance', async () => {
    const { owner, site, key } = await freeSiteWith(0);
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(true);
    expect(await visits(key, 3)).toEqual(Array(3).fill(204));
    expect(await stored()).toBe(0);

    const client = billingClient(r.t, owner);
    const attached = await client.post('/attach', { productId: 'rum_pageview_pack' });
    if (attached.body.checkout_url) await client.pay(attached.body.checkout_url, TEST_CARD);
    expect((await pageViewsFeature(owner)).balance).toBe(PAGE_VIEW_PACK.pageViews);
    // The next batch's check sees the pack (the settings' own check does too).
    await r.t.rum.meter.flush();
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(false);
    expect(await visits(key, 4, 3)).toEqual(Array(4).fill(204));
    expect(await stored()).toBe(4);
    await r.t.rum.meter.flush();
    // The three counted while over came out of the pack with the four stored.
    expect((await pageViewsFeature(owner)).balance).toBe(PAGE_VIEW_PACK.pageViews - 7);
  });

  it('are stored again in a new billing period, from the first batch checked after the reset', async () => {
    const { owner, site, key } = await freeSiteWith(0);
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(true);
    await visits(key, 2);
    await r.t.rum.meter.flush();
    expect(await stored()).toBe(0);

    r.clock.advance(31 * DAY);
    await r.t.billing.periodic();
    expect(await pageViewsFeature(owner)).toMatchObject({ balance: FREE_VIEWS });
    // This process still holds "over" until its next batch is checked: one more is counted only.
    await visits(key, 1, 2);
    await r.t.rum.meter.flush();
    expect((await settingsOf(owner, site.id)).overAllowance).toBe(false);
    await visits(key, 3, 3);
    expect(await stored()).toBe(3);
  });
});
