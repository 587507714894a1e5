// Sections: monitors grouped under headings on the public page (collapsible without JavaScript,
// each with its own state), in the JSON, and kept by the API as the owner arranges them.
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicStatusJson } from './public-json.ts';
import { createStatusApp, type StatusApp } from './test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

interface Section {
  id: string;
  name: string;
  description: string | null;
  collapsed: boolean;
  monitorIds: string[];
}
interface Page {
  id: string;
  monitors: { monitorId: string }[];
  sections: Section[];
}

async function setUp() {
  s = await createStatusApp();
  const owner = await s.user();
  const [site, checkout, api, docs] = await Promise.all(
    ['Website', 'Checkout', 'API', 'Docs'].map((name) => s.monitor(owner, name)),
  );
  if (!site || !checkout || !api || !docs) throw new Error('monitors not created');
  for (const monitor of [site, checkout, api, docs]) await s.setStatus(monitor.id, 'up');
  const create = (body: Record<string, unknown>) => s.send(owner, 'POST', '/status-pages', body);
  const patch = (id: string, body: Record<string, unknown>) =>
    s.send(owner, 'PATCH', `/status-pages/${id}`, body);
  return { owner, site, checkout, api, docs, create, patch };
}

const error = async (response: Response) => {
  expect(response.status).toBe(422);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
};

describe('sections on the public page', () => {
  it('groups monitors under collapsible headings with their own state, the rest in the flat list', async () => {
    const { site, checkout, api, docs, create } = await setUp();
    await s.setStatus(checkout.id, 'down');
    await s.ok(
      await create({
        name: 'Acme',
        slug: 'acme',
        published: true,
        monitors: [site, checkout, api, docs].map((monitor) => ({ monitorId: monitor.id })),
        sections: [
          { name: 'Core services', description: 'Buying & paying', monitorIds: [api.id, checkout.id] },
          { name: 'Extras', collapsed: true, monitorIds: [docs.id] },
        ],
      }),
      201,
    );
    const html = await (await s.get('/status/acme')).text();
    expect(html).toContain('<h2 id="state">Partial outage</h2>');
    const [flat, grouped] = html.split('<details');
    expect(flat).toContain('<h3>Website</h3>');
    expect(flat).not.toContain('Checkout');
    // Open unless the owner folded it; the summary is the heading and the section's state.
    expect(html).toContain(
      '<details class=group open><summary><h3>Core services</h3><span class="s s-down">Partial outage</span></summary><p class=muted>Buying &amp; paying</p><ul class=plain><li class=card><div class=row><h4>Checkout</h4><span class="s s-down">Down</span></div>',
    );
    // In the page's order of monitors, not the order they were put in the section.
    expect(grouped?.indexOf('<h4>Checkout</h4>')).toBeLessThan(grouped?.indexOf('<h4>API</h4>') ?? -1);
    expect(html).toContain(
      '<details class=group><summary><h3>Extras</h3><span class="s s-up">Operational</span></summary><ul class=plain><li class=card><div class=row><h4>Docs</h4>',
    );

    const json = (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
    expect(json.sections.map(({ id, ...section }) => section)).toEqual([
      {
        name: 'Core services',
        description: 'Buying & paying',
        state: 'partial_outage',
        componentIds: [checkout.id, api.id],
      },
      { name: 'Extras', description: null, state: 'operational', componentIds: [docs.id] },
    ]);
    expect(json.components.map((component) => component.name)).toEqual([
      'Website',
      'Checkout',
      'API',
      'Docs',
    ]);
  });

  it('answers a page without sections as before: one flat list, and no sections in the JSON', async () => {
    const { site, create } = await setUp();
    await s.ok(
      await create({ name: 'Acme', slug: 'acme', published: true, monitors: [{ monitorId: site.id }] }),
      201,
    );
    const html = await (await s.get('/status/acme')).text();
    expect(html).not.toContain('<details class=group');
    expect(html).toContain('<ul class="plain"><li class=card><div class=row><h3>Website</h3>');
    const json = (await (await s.get('/status/acme.json')).json()) as PublicStatusJson;
    expect(json.sections).toEqual([]);
  });

  it('shows the section states in the page language', async () => {
    const { checkout, create } = await setUp();
    await s.setStatus(checkout.id, 'degraded');
    await s.ok(
      await create({
        name: 'Acme',
        slug: 'acme',
        published: true,
        language: 'de',
        monitors: [{ monitorId: checkout.id }],
        sections: [{ name: 'Bezahlen', monitorIds: [checkout.id] }],
      }),
      201,
    );
    expect(await (await s.get('/status/acme')).text()).toContain(
      '<summary><h3>Bezahlen</h3><span class="s s-degraded">Eingeschränkte Leistung</span></summary>',
    );
  });
});

describe('sections through the API', () => {
  it('keeps a section’s id across renames and reorders, and drops monitors that leave the page', async () => {
    const { owner, site, checkout, api, create, patch } = await setUp();
    const page = await s.ok<Page>(
      await create({
        name: 'Acme',
        slug: 'acme',
        monitors: [site, checkout, api].map((monitor) => ({ monitorId: monitor.id })),
        sections: [
          { name: 'Shop', monitorIds: [checkout.id] },
          { name: 'Platform', description: 'APIs', monitorIds: [api.id, site.id] },
        ],
      }),
      201,
    );
    const [shop, platform] = page.sections;
    expect(page.sections.map(({ id, ...rest }) => rest)).toEqual([
      { name: 'Shop', description: null, collapsed: false, monitorIds: [checkout.id] },
      { name: 'Platform', description: 'APIs', collapsed: false, monitorIds: [site.id, api.id] },
    ]);

    const reordered = await s.ok<Page>(
      await patch(page.id, {
        sections: [
          { id: platform?.id, name: 'Platform', collapsed: true, monitorIds: [api.id] },
          { id: shop?.id, name: 'Storefront', monitorIds: [checkout.id, site.id] },
          { name: 'New', monitorIds: [] },
        ],
      }),
    );
    expect(reordered.sections.map((section) => [section.id, section.name, section.collapsed])).toEqual([
      [platform?.id, 'Platform', true],
      [shop?.id, 'Storefront', false],
      [expect.any(String), 'New', false],
    ]);

    // Monitors alone: the one leaving the page leaves its section; the sections stay as they were.
    const fewer = await s.ok<Page>(
      await patch(page.id, { monitors: [{ monitorId: site.id }, { monitorId: api.id }] }),
    );
    expect(fewer.sections.map((section) => section.monitorIds)).toEqual([[api.id], [site.id], []]);
    const fetched = await s.ok<Page>(await s.send(owner, 'GET', `/status-pages/${page.id}`));
    expect(fetched.sections).toEqual(fewer.sections);
  });

  it('refuses sections that hold monitors not on the page, a monitor twice, or an unknown id', async () => {
    const { site, checkout, create, patch } = await setUp();
    expect(
      await error(
        await create({
          name: 'Acme',
          slug: 'acme',
          monitors: [{ monitorId: site.id }],
          sections: [{ name: 'Shop', monitorIds: [checkout.id] }],
        }),
      ),
    ).toEqual({
      code: 'validation_failed',
      message: 'sections: Put only monitors of this page in its sections.',
    });
    const page = await s.ok<Page>(
      await create({ name: 'Acme', slug: 'acme', monitors: [{ monitorId: site.id }] }),
      201,
    );
    // Sections alone are checked against the monitors the page keeps.
    expect(
      await error(await patch(page.id, { sections: [{ name: 'Shop', monitorIds: [checkout.id] }] })),
    ).toEqual({
      code: 'validation_failed',
      message: 'sections: Put only monitors of this page in its sections.',
    });
    expect(
      await error(
        await patch(page.id, {
          sections: [
            { name: 'A', monitorIds: [site.id] },
            { name: 'B', monitorIds: [site.id] },
          ],
        }),
      ),
    ).toEqual({ code: 'validation_failed', message: 'sections: Each monitor can be in one section only.' });
    expect(await error(await patch(page.id, { sections: [{ id: 'not-a-section', name: 'A' }] }))).toEqual({
      code: 'validation_failed',
      message: 'sections: No section with id not-a-section is on this page.',
    });
    expect(await error(await patch(page.id, { sections: [{ name: ' ' }] }))).toEqual({
      code: 'validation_failed',
      message: 'sections.0.name: Name the section.',
    });
    const many = Array.from({ length: 21 }, (_, index) => ({ name: `S${index}` }));
    expect(await error(await patch(page.id, { sections: many }))).toEqual({
      code: 'validation_failed',
      message: 'sections: A status page has at most 20 sections.',
    });
  });
});
