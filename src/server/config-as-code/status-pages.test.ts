// Status pages in upwatch.yaml: monitors and sections by key, on the database of the run.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { type ConfigApp, createConfigApp, fillIn, ref } from './test/config-app.ts';

let app: ConfigApp;
afterEach(async () => {
  await app?.t.close();
});

const monitors = {
  api: { name: 'API', url: 'https://api.example.com/health' },
  shop: { name: 'Shop', url: 'https://shop.example.com' },
  blog: { name: 'Blog', url: 'https://blog.example.com' },
};

function page(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Acme status',
    slug: `acme-${Math.random().toString(36).slice(2, 8)}`,
    published: true,
    accentColor: '#2563EB',
    monitors: [{ monitor: 'api', displayName: 'Public API' }, { monitor: 'shop' }, { monitor: 'blog' }],
    sections: [{ name: 'Core', monitors: ['api', 'shop'] }],
    ...overrides,
  };
}

async function pageOf(user: TestUser) {
  const { statusPages } = await app.json<{
    statusPages: { id: string; sections: { id: string; monitorIds: string[] }[] }[];
  }>(await app.send(user, 'GET', '/status-pages'), 200);
  return statusPages[0];
}

describe('status pages in upwatch.yaml', () => {
  it('round-trips a page with sections and a password, and applying twice changes nothing', async () => {
    app = await createConfigApp();
    const [source, target] = [await app.user('pro'), await app.user('pro')];
    const config = {
      monitors,
      statusPages: {
        public: page({ access: 'password', password: 'open sesame 1', footerText: 'Acme Inc.' }),
      },
    };
    const created = await app.applyAs(source, { config });
    expect(created.changes.map((change) => `${change.action} ${change.resource} ${change.key}`)).toEqual([
      'create monitor api',
      'create monitor shop',
      'create monitor blog',
      'create statusPage public',
    ]);
    const pageChange = created.changes[3];
    expect(pageChange?.fields).toContainEqual({ field: 'password', secret: true });
    expect(JSON.stringify(created)).not.toContain('open sesame');
    expect(await app.applyAs(source, { config })).toEqual({ applied: true, changes: [] });

    const file = (await app.exportOf(source)) as { statusPages: Record<string, Record<string, unknown>> };
    expect(file.statusPages.public).toMatchObject({
      accentColor: '#2563eb',
      access: 'password',
      password: ref('PUBLIC_PASSWORD'),
      monitors: [
        { monitor: 'api', displayName: 'Public API' },
        { monitor: 'shop', displayName: null },
        { monitor: 'blog', displayName: null },
      ],
      sections: [{ name: 'Core', description: null, collapsed: false, monitors: ['api', 'shop'] }],
    });
    // Slugs are unique across workspaces: the copy gets its own.
    const copy = fillIn(file, { PUBLIC_PASSWORD: 'open sesame 1' }) as typeof file;
    copy.statusPages.public = { ...copy.statusPages.public, slug: `${copy.statusPages.public?.slug}-copy` };
    await app.applyAs(target, { config: copy });
    const again = (await app.exportOf(target)) as typeof file;
    expect(again).toEqual({
      ...file,
      statusPages: { public: { ...file.statusPages.public, slug: copy.statusPages.public?.slug } },
    });
    expect(await app.applyAs(target, { config: copy })).toEqual({ applied: true, changes: [] });
  });

  it('moves a monitor between sections in place, keeping the section, and tells a new password', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    const first = page({ access: 'password', password: 'open sesame 1' });
    await app.applyAs(user, { config: { monitors, statusPages: { public: first } } });
    const before = await pageOf(user);

    const moved = {
      ...first,
      sections: [{ name: 'Core', monitors: ['api', 'blog'] }],
      password: 'open sesame 2',
    };
    const plan = await app.applyAs(user, {
      config: { monitors, statusPages: { public: moved } },
      dryRun: true,
    });
    expect(plan.changes).toEqual([
      {
        action: 'update',
        resource: 'statusPage',
        key: 'public',
        name: 'Acme status',
        fields: [
          {
            field: 'sections',
            before: [{ name: 'Core', description: null, collapsed: false, monitors: ['api', 'shop'] }],
            after: [{ name: 'Core', description: null, collapsed: false, monitors: ['api', 'blog'] }],
          },
          { field: 'password', secret: true },
        ],
      },
    ]);
    await app.applyAs(user, { config: { monitors, statusPages: { public: moved } } });
    const after = await pageOf(user);
    // The public JSON names sections by id: the section is the same one, with other monitors.
    expect(after?.sections.map((section) => section.id)).toEqual(
      before?.sections.map((section) => section.id),
    );
    expect(after?.sections[0]?.monitorIds).not.toEqual(before?.sections[0]?.monitorIds);
  });

  it('refuses a page naming a monitor the file and workspace lack, and a taken slug, changing nothing', async () => {
    app = await createConfigApp();
    const [user, other] = [await app.user('pro'), await app.user('pro')];
    const unknown = await app.send(user, 'POST', '/config/apply', {
      config: { monitors, statusPages: { public: page({ monitors: [{ monitor: 'pager' }], sections: [] }) } },
    });
    expect(await app.json(unknown, 422)).toEqual({
      error: {
        code: 'unknown_monitor',
        message: 'statusPages.public.monitors: no monitor has the key "pager".',
      },
    });
    const taken = page();
    await app.applyAs(other, { config: { monitors, statusPages: { theirs: taken } } });
    const clash = await app.send(user, 'POST', '/config/apply', {
      config: { monitors, statusPages: { public: { ...page(), slug: taken.slug } } },
    });
    expect((await app.json<{ error: { code: string } }>(clash, 409)).error.code).toBe('slug_taken');
    // The monitors before the page in the same file were rolled back with it.
    expect(await app.exportOf(user)).toEqual({
      alertChannels: {},
      monitors: {},
      statusPages: {},
      maintenanceWindows: {},
      escalationPolicies: {},
      performanceSites: {},
    });
  });

  it('sets a custom domain another account only claimed, and refuses one another account verified (domain_taken)', async () => {
    app = await createConfigApp();
    const [squatter, owner, late] = [await app.user('pro'), await app.user('pro'), await app.user('pro')];
    const domain = { customDomain: 'status.acme.test' };
    await app.applyAs(squatter, { config: { monitors, statusPages: { theirs: page(domain) } } });
    await app.applyAs(owner, { config: { monitors, statusPages: { public: page(domain) } } });
    const file = (await app.exportOf(owner)) as { statusPages: Record<string, { customDomain: string }> };
    expect(file.statusPages.public?.customDomain).toBe('status.acme.test');

    // As if the owner's TXT record verified (custom-domains/claims.test.ts does it over DNS).
    await app.t.database.db
      .updateTable('status_pages')
      .set({ domain_verified_at: Date.now() })
      .where('workspace_id', '=', owner.id)
      .execute();
    const clash = await app.send(late, 'POST', '/config/apply', {
      config: { monitors, statusPages: { public: page(domain) } },
    });
    expect(await app.json(clash, 409)).toEqual({
      error: { code: 'domain_taken', message: 'Another status page already uses this domain.' },
    });
    expect(((await app.exportOf(late)) as { statusPages: object }).statusPages).toEqual({});
  });

  it('prunes pages the file leaves out, and the monitors a pruned page showed', async () => {
    app = await createConfigApp();
    const user = await app.user('pro');
    await app.applyAs(user, {
      config: { monitors, statusPages: { public: page(), internal: page({ name: 'Internal' }) } },
    });
    const pruned = await app.applyAs(user, {
      config: {
        monitors: { api: monitors.api },
        statusPages: { public: page({ monitors: [{ monitor: 'api' }], sections: [] }) },
      },
      prune: true,
    });
    expect(pruned.changes.map((change) => `${change.action} ${change.resource} ${change.key}`)).toEqual([
      'update statusPage public',
      'delete statusPage internal',
      'delete monitor shop',
      'delete monitor blog',
    ]);
    const file = (await app.exportOf(user)) as { monitors: object; statusPages: object };
    expect(Object.keys(file.monitors)).toEqual(['api']);
    expect(Object.keys(file.statusPages)).toEqual(['public']);
  });
});
