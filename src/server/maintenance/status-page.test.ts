// Public status pages and maintenance: upcoming windows touching the page's monitors are listed,
// a monitor in a window reads "Under maintenance", and so does the page when nothing is worse.
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicStatusJson } from '../status-pages/public-json.ts';
import { createStatusApp, DAY, MINUTE, NOW, type StatusApp } from '../status-pages/test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

async function setUp() {
  s = await createStatusApp();
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop');
  const blog = await s.monitor(owner, 'Blog');
  const hidden = await s.monitor(owner, 'Hidden');
  await s.setStatus(shop.id, 'up');
  await s.setStatus(blog.id, 'up');
  await s.page(owner, {
    name: 'Acme',
    slug: 'acme',
    published: true,
    monitors: [{ monitorId: shop.id, displayName: 'Storefront' }, { monitorId: blog.id }],
  });
  const windowFor = async (name: string, startsAt: number, monitorIds: string[], extra = {}) =>
    s.ok<{ id: string }>(
      await s.send(owner, 'POST', '/maintenance-windows', {
        name,
        startsAt,
        durationMinutes: 60,
        monitorIds,
        ...extra,
      }),
      201,
    );
  return { owner, shop, blog, hidden, windowFor };
}

const html = async (path: string) => {
  const response = await s.get(path);
  expect(response.status).toBe(200);
  return response.text();
};

describe('maintenance on the public status page', () => {
  it('lists the windows of the next 7 days that touch its monitors, by their public names', async () => {
    const { shop, hidden, windowFor } = await setUp();
    await windowFor('Database upgrade', NOW + 2 * DAY, [shop.id]);
    await windowFor('Only the hidden one', NOW + DAY, [hidden.id]);
    await windowFor('Too far ahead', NOW + 9 * DAY, [shop.id]);

    const page = await html('/status/acme');
    expect(page).toContain('<h2 id="maintenance">Scheduled maintenance</h2>');
    expect(page).toContain('<h3>Database upgrade</h3><span class="s s-maintenance">Scheduled</span>');
    expect(page).toContain(`<time data-local datetime="${new Date(NOW + 2 * DAY).toISOString()}">`);
    expect(page).toContain('Affects Storefront');
    expect(page).not.toContain('Only the hidden one');
    expect(page).not.toContain('Too far ahead');
    expect(page).toContain('<h2 id="state">All systems operational</h2>');

    const json = (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
    expect(json.maintenance).toEqual([
      {
        name: 'Database upgrade',
        startsAt: new Date(NOW + 2 * DAY).toISOString(),
        endsAt: new Date(NOW + 2 * DAY + 60 * MINUTE).toISOString(),
        inProgress: false,
        componentIds: [shop.id],
        updates: [],
      },
    ]);
  });

  it('says "Under maintenance" for a monitor in a window and for the page, while a down monitor elsewhere still outweighs it', async () => {
    const { owner, shop, blog, windowFor } = await setUp();
    await s.setStatus(shop.id, 'down');
    await windowFor('Storefront migration', NOW, [shop.id]);
    // The app's list of pages says the same as the page.
    const pages = await s.ok<{ statusPages: { state: string }[] }>(
      await s.send(owner, 'GET', '/status-pages'),
    );
    expect(pages.statusPages.map((page) => page.state)).toEqual(['under_maintenance']);

    const page = await html('/status/acme');
    expect(page).toContain('<h2 id="state">Under maintenance</h2>');
    expect(page).toContain('<h3>Storefront</h3><span class="s s-maintenance">Under maintenance</span>');
    expect(page).toContain('<h3>Storefront migration</h3><span class="s s-maintenance">In progress</span>');
    const json = (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
    expect(json.status).toEqual({ state: 'under_maintenance', description: 'Under maintenance' });
    expect(json.components.map((component) => component.underMaintenance)).toEqual([true, false]);

    // A page is built once per 10 s: past that, a monitor down outside any window wins.
    await s.setStatus(blog.id, 'down');
    s.clock.advance(11_000);
    expect(await html('/status/acme')).toContain('<h2 id="state">Partial outage</h2>');
  });

  it("leaves a day's maintenance checks out of its bar and the 90-day uptime, and says so in the bar's text", async () => {
    const { shop } = await setUp();
    const interval = (
      await s.db
        .selectFrom('monitors')
        .select('interval_seconds')
        .where('id', '=', shop.id)
        .executeTakeFirstOrThrow()
    ).interval_seconds;
    const step = interval * 1000;
    await s.record(shop.id, [
      { checkedAt: NOW - 4 * step, status: 'up', totalMs: 100 },
      { checkedAt: NOW - 3 * step, status: 'up', totalMs: 100 },
    ]);
    // Covered by a window from here: the same recording path stores them as maintenance.
    await s.db
      .updateTable('monitors')
      .set({ maintenance_until: NOW + DAY })
      .where('id', '=', shop.id)
      .execute();
    await s.record(shop.id, [
      { checkedAt: NOW - 2 * step, status: 'down', totalMs: 30_000 },
      { checkedAt: NOW - step, status: 'down', totalMs: 30_000 },
    ]);
    const page = await html('/status/acme');
    const today = new Date(NOW).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    // By time: the gaps the two maintenance checks end, and the time since the last, still in it.
    const minutes = (3 * interval) / 60;
    expect(page).toContain(`<li class=u>${today}: 100%, ${minutes} minutes of maintenance left out`);
    const json = (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
    expect(json.components[0]?.uptime90d).toBe(100);
  });

  it('lists each coming occurrence of a daily window within the week', async () => {
    const { blog, windowFor } = await setUp();
    const first = NOW + 3 * 3_600_000;
    await windowFor('Nightly reindex', first, [blog.id], {
      recurrence: { frequency: 'daily', timezone: 'UTC' },
    });
    const json = (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
    expect(json.maintenance.map((entry) => entry.startsAt)).toEqual(
      Array.from({ length: 7 }, (_, day) => new Date(first + day * DAY).toISOString()),
    );
  });
});
