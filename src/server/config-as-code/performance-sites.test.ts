// Performance sites in upwatch.yaml (issue 42, item 8): budgets as the API takes them, the monitor
// by key, RUM settings beside them with a key the server keeps, on the database of the run.
import { afterEach, describe, expect, it } from 'vitest';
import type { RumSettings } from '../../core/api/field.ts';
import type { PerformanceSite } from '../../core/api/performance.ts';
import type { TestUser } from '../test/factories.ts';
import { type ConfigApp, createConfigApp } from './test/config-app.ts';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

const monitors = { shop: { name: 'Shop', url: 'https://shop.example.com' } };

function shopSite() {
  return {
    name: 'Shop home',
    url: 'https://shop.example.com/',
    device: 'desktop',
    monitor: 'shop',
    budgets: [
      { metric: 'lcpMs', limit: 2500 },
      { source: 'field', metric: 'inp', limit: 200, window: '24h' },
    ],
    rum: {
      enabled: true,
      allowedOrigins: ['https://shop.example.com', 'https://www.shop.example.com'],
      routes: ['/p/:id', '/blog/*'],
    },
  };
}

async function sitesOf(user: TestUser): Promise<PerformanceSite[]> {
  const body = await app.json<{ sites: PerformanceSite[] }>(
    await app.send(user, 'GET', '/performance/sites'),
    200,
  );
  return body.sites;
}

async function rumOf(user: TestUser, siteId: string): Promise<RumSettings> {
  return app.json<RumSettings>(await app.send(user, 'GET', `/performance/sites/${siteId}/rum`), 200);
}

const heads = (result: { changes: { action: string; resource: string; key: string }[] }) =>
  result.changes.map((change) => `${change.action} ${change.resource} ${change.key}`);

describe('performance sites in upwatch.yaml', () => {
  it('creates a site with its budgets, monitor and RUM settings, and applying twice changes nothing', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const config = { monitors, performanceSites: { home: shopSite() } };
    const created = await app.applyAs(user, { config });
    expect(heads(created)).toEqual(['create monitor shop', 'create performanceSite home']);
    expect(created.changes[1]?.fields.map((field) => field.field)).toEqual([
      'name',
      'url',
      'device',
      'monitor',
      'budgets',
      'rum',
    ]);

    const [site] = await sitesOf(user);
    const monitorId = (
      await app.json<{ monitors: { id: string }[] }>(await app.send(user, 'GET', '/monitors'), 200)
    ).monitors[0]?.id;
    expect(site).toMatchObject({
      name: 'Shop home',
      url: 'https://shop.example.com/',
      device: 'desktop',
      monitorId,
      budgets: [
        { metric: 'lcpMs', limit: 2500 },
        { source: 'field', metric: 'inp', limit: 200, window: '24h', consecutiveHours: 3, minPageViews: 100 },
      ],
    });
    const rum = await rumOf(user, site?.id ?? '');
    expect(rum).toMatchObject({
      enabled: true,
      sampleRate: 1,
      allowedOrigins: ['https://shop.example.com', 'https://www.shop.example.com'],
      routes: ['/p/:id', '/blog/*'],
    });
    expect(rum.key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(rum.snippet).toContain(`data-site="${rum.key}"`);

    expect(await app.applyAs(user, { config })).toEqual({ applied: true, changes: [] });
  });

  it('plans a changed sample rate as one field, applies it and keeps the RUM key', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const planned = shopSite();
    await app.applyAs(user, { config: { monitors, performanceSites: { home: planned } } });
    const [site] = await sitesOf(user);
    const { key } = await rumOf(user, site?.id ?? '');

    const changed = { ...planned, rum: { ...planned.rum, sampleRate: 0.25 } };
    const config = { monitors, performanceSites: { home: changed } };
    const plan = await app.applyAs(user, { config, dryRun: true });
    expect(plan).toEqual({
      applied: false,
      changes: [
        {
          action: 'update',
          resource: 'performanceSite',
          key: 'home',
          name: 'Shop home',
          fields: [{ field: 'rum.sampleRate', before: 1, after: 0.25 }],
        },
      ],
    });
    expect((await rumOf(user, site?.id ?? '')).sampleRate).toBe(1);

    expect((await app.applyAs(user, { config })).changes).toEqual(plan.changes);
    expect(await rumOf(user, site?.id ?? '')).toMatchObject({ sampleRate: 0.25, key });
    expect(await app.applyAs(user, { config })).toEqual({ applied: true, changes: [] });
    expect((await rumOf(user, site?.id ?? '')).key).toBe(key);
  });

  it('exports only what differs from the defaults, and the export applies with no changes', async () => {
    app = await createConfigApp();
    const [source, target] = [await app.user('pro'), await app.user('pro')];
    const plain = { name: 'Blog', url: 'https://blog.example.com/', budgets: [] };
    const config = { monitors, performanceSites: { home: shopSite(), blog: plain } };
    await app.applyAs(source, { config });

    const file = (await app.exportOf(source)) as { performanceSites: Record<string, unknown> };
    expect(file.performanceSites).toEqual({
      blog: { name: 'Blog', url: 'https://blog.example.com/', budgets: [] },
      home: {
        name: 'Shop home',
        url: 'https://shop.example.com/',
        device: 'desktop',
        monitor: 'shop',
        budgets: [
          { metric: 'lcpMs', limit: 2500 },
          { source: 'field', metric: 'inp', limit: 200, window: '24h' },
        ],
        rum: {
          enabled: true,
          allowedOrigins: ['https://shop.example.com', 'https://www.shop.example.com'],
          routes: ['/p/:id', '/blog/*'],
        },
      },
    });
    expect(Object.keys(file.performanceSites)).toEqual(['blog', 'home']);
    expect(await app.applyAs(source, { config: file })).toEqual({ applied: true, changes: [] });

    await app.applyAs(target, { config: file });
    expect(await app.exportOf(target)).toEqual(file);
    expect(await app.applyAs(target, { config: file })).toEqual({ applied: true, changes: [] });
  });

  it('prunes a site the file leaves out', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const blog = { name: 'Blog', url: 'https://blog.example.com/' };
    await app.applyAs(user, { config: { monitors, performanceSites: { home: shopSite(), blog } } });
    const kept = await app.applyAs(user, { config: { monitors, performanceSites: { home: shopSite() } } });
    expect(kept.changes).toEqual([]);
    expect(await sitesOf(user)).toHaveLength(2);

    const pruned = await app.applyAs(user, {
      config: { monitors, performanceSites: { home: shopSite() } },
      prune: true,
    });
    expect(heads(pruned)).toEqual(['delete performanceSite blog']);
    expect((await sitesOf(user)).map((site) => site.name)).toEqual(['Shop home']);
  });

  it('refuses a monitor key the file does not have, naming the field, and creates nothing', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const response = await app.send(user, 'POST', '/config/apply', {
      config: { monitors, performanceSites: { home: { ...shopSite(), monitor: 'checkout' } } },
    });
    expect(await app.json(response, 422)).toEqual({
      error: {
        code: 'unknown_monitor',
        message: 'performanceSites.home.monitor: no monitor has the key "checkout".',
      },
    });
    expect(await sitesOf(user)).toEqual([]);
    const file = (await app.exportOf(user)) as { monitors: object };
    expect(file.monitors).toEqual({});
  });

  it('adopts a site made in the app by the key of its name, keeping its RUM key', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const made = await app.json<PerformanceSite>(
      await app.send(user, 'POST', '/performance/sites', {
        url: 'https://shop.example.com/',
        name: 'Shop home',
      }),
      201,
    );
    const before = await app.json<RumSettings>(
      await app.send(user, 'PUT', `/performance/sites/${made.id}/rum`, { enabled: true }),
      200,
    );
    const file = (await app.exportOf(user)) as { performanceSites: Record<string, object> };
    expect(Object.keys(file.performanceSites)).toEqual(['shop-home']);

    const site = { ...shopSite(), monitor: null };
    const adopted = await app.applyAs(user, { config: { performanceSites: { 'shop-home': site } } });
    expect(adopted.changes).toEqual([
      {
        action: 'update',
        resource: 'performanceSite',
        key: 'shop-home',
        name: 'Shop home',
        fields: [
          { field: 'device', before: 'mobile', after: 'desktop' },
          {
            field: 'budgets',
            before: [
              { metric: 'lcpMs', limit: 2000 },
              { metric: 'serverResponseMs', limit: 500 },
            ],
            after: [
              { metric: 'lcpMs', limit: 2500 },
              {
                source: 'field',
                metric: 'inp',
                limit: 200,
                window: '24h',
                consecutiveHours: 3,
                minPageViews: 100,
              },
            ],
          },
          {
            field: 'rum.allowedOrigins',
            before: ['https://shop.example.com'],
            after: ['https://shop.example.com', 'https://www.shop.example.com'],
          },
          { field: 'rum.routes', before: [], after: ['/p/:id', '/blog/*'] },
          { field: 'managedKey', before: null, after: 'shop-home' },
        ],
      },
    ]);
    expect(await sitesOf(user)).toHaveLength(1);
    expect((await rumOf(user, made.id)).key).toBe(before.key);
    expect(await app.applyAs(user, { config: { performanceSites: { 'shop-home': site } } })).toEqual({
      applied: true,
      changes: [],
    });
  });

  it("refuses sites past the plan's allowance as the API does, and a daily frequency on a weekly plan", async () => {
    app = await createConfigApp();
    const user = await app.user('free');
    const site = (n: number) => ({ name: `Site ${n}`, url: `https://s${n}.example.com/` });
    const three = { one: site(1), two: site(2), three: site(3) };
    const response = await app.send(user, 'POST', '/config/apply', { config: { performanceSites: three } });
    expect((await app.json<{ error: { code: string } }>(response, 403)).error.code).toBe(
      'performance_site_limit_reached',
    );
    expect(await sitesOf(user)).toEqual([]);

    // Nothing was spent by the refusal or by a plan: two still fit, and then the app's create is refused.
    const two = { one: site(1), two: site(2) };
    await app.applyAs(user, { config: { performanceSites: two }, dryRun: true });
    expect(heads(await app.applyAs(user, { config: { performanceSites: two } }))).toHaveLength(2);
    const third = await app.send(user, 'POST', '/performance/sites', { url: 'https://s3.example.com/' });
    expect(third.status).toBe(403);

    const daily = await app.send(user, 'POST', '/config/plan', {
      config: { performanceSites: { one: { ...site(1), frequency: 'daily' } } },
    });
    expect(await app.json(daily, 403)).toEqual({
      error: {
        code: 'frequency_not_in_plan',
        message:
          'performanceSites.one.frequency: sites are measured weekly on the Free plan; daily measurement needs the Starter plan or higher.',
      },
    });
    const weekly = { one: { ...site(1), frequency: 'weekly' }, two: site(2) };
    expect(await app.applyAs(user, { config: { performanceSites: weekly } })).toEqual({
      applied: true,
      changes: [],
    });
  });
});
