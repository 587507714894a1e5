import { afterEach, describe, expect, it } from 'vitest';
import { statusPageSchema } from '../../core/api/status-pages.ts';
import { TEST_CATALOGUE } from '../../core/billing/test-catalogue.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createStatusApp, type StatusApp } from './test/status-app.ts';

let s: StatusApp | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function setup() {
  s = await createStatusApp();
  return s;
}

async function errorOf(response: Response) {
  return {
    status: response.status,
    ...((await response.json()) as { error: { code: string; message: string } }).error,
  };
}

describe('status page API', () => {
  it('creates a page with its monitors in order, their live state and the public URL', async () => {
    const { user, monitor, page, setStatus, send, ok } = await setup();
    const owner = await user();
    const shop = await monitor(owner, 'Shop');
    const api = await monitor(owner, 'API');
    await setStatus(shop.id, 'up');
    await setStatus(api.id, 'down');
    const created = await page(owner, {
      name: 'Acme',
      slug: 'acme',
      monitors: [
        { monitorId: api.id, displayName: 'Public API' },
        { monitorId: shop.id, displayName: null },
      ],
      published: true,
    });
    const parsed = statusPageSchema.parse(created);
    expect(parsed).toMatchObject({
      name: 'Acme',
      slug: 'acme',
      published: true,
      removeBranding: false,
      showResponseTimes: false,
      state: 'partial_outage',
      publicUrl: 'http://localhost:3000/status/acme',
      monitors: [
        { monitorId: api.id, displayName: 'Public API', monitorName: 'API', status: 'down' },
        { monitorId: shop.id, displayName: null, monitorName: 'Shop', status: 'up' },
      ],
    });
    const list = await ok<{ statusPages: unknown[] }>(await send(owner, 'GET', '/status-pages'));
    expect(list.statusPages).toEqual([created]);

    const updated = await ok(
      await send(owner, 'PATCH', `/status-pages/${parsed.id}`, {
        monitors: [{ monitorId: shop.id, displayName: 'Storefront' }],
        accentColor: '#AA3300',
      }),
    );
    expect(updated).toMatchObject({
      name: 'Acme',
      accentColor: '#aa3300',
      state: 'operational',
      monitors: [{ monitorId: shop.id, displayName: 'Storefront' }],
    });
    expect((await send(owner, 'DELETE', `/status-pages/${parsed.id}`)).status).toBe(204);
    expect((await send(owner, 'GET', `/status-pages/${parsed.id}`)).status).toBe(404);
  });

  it.each([
    ['ab', 'Slugs need at least 3 characters.'],
    ['a'.repeat(49), 'Slugs are limited to 48 characters.'],
    ['Acme', 'Use lowercase letters, digits and dashes only.'],
    ['acme_status', 'Use lowercase letters, digits and dashes only.'],
    ['monitor', 'This slug is reserved; choose another.'],
    ['api', 'This slug is reserved; choose another.'],
    ['admin', 'This slug is reserved; choose another.'],
    ['assets', 'This slug is reserved; choose another.'],
    ['acme.json', 'Slugs may not end in .json, .atom or .svg.'],
    ['acme.atom', 'Slugs may not end in .json, .atom or .svg.'],
    ['acme.svg', 'Slugs may not end in .json, .atom or .svg.'],
  ])('refuses the slug %j with validation_failed', async (slug, message) => {
    const { user, send } = await setup();
    const owner = await user();
    const response = await send(owner, 'POST', '/status-pages', { name: 'Acme', slug });
    expect(await errorOf(response)).toEqual({
      status: 422,
      code: 'validation_failed',
      message: `slug: ${message}`,
    });
    const patch = await send(owner, 'PATCH', '/status-pages/some-id', { slug });
    expect((await errorOf(patch)).code).toBe('validation_failed');
  });

  it('refuses a slug another user already has with 409 slug_taken, on create and on rename', async () => {
    const { user, page, send } = await setup();
    const a = await user();
    const b = await user();
    await page(a, { name: 'A', slug: 'shared-name' });
    const mine = await page(b, { name: 'B', slug: 'b-page' });
    expect(
      await errorOf(await send(b, 'POST', '/status-pages', { name: 'B', slug: 'shared-name' })),
    ).toMatchObject({
      status: 409,
      code: 'slug_taken',
    });
    const rename = await send(b, 'PATCH', `/status-pages/${mine.id}`, { slug: 'shared-name' });
    expect(await errorOf(rename)).toMatchObject({ status: 409, code: 'slug_taken' });
    // Saving a page with its own slug is no conflict.
    expect((await send(b, 'PATCH', `/status-pages/${mine.id}`, { slug: 'b-page' })).status).toBe(200);
  });

  it('gives one of two users racing for a slug the page and the other 409 slug_taken', async () => {
    const { user, send } = await setup();
    const [a, b] = [await user(), await user()];
    const responses = await Promise.all(
      [a, b].map((owner) => send(owner, 'POST', '/status-pages', { name: 'Race', slug: 'race' })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const loser = responses.find((response) => response.status === 409) as Response;
    expect((await errorOf(loser)).code).toBe('slug_taken');
  });

  it('refuses removeBranding with 403 feature_not_in_plan on free, and allows it on starter', async () => {
    const { user, page, send } = await setup();
    const free = await user();
    const refused = await send(free, 'POST', '/status-pages', {
      name: 'A',
      slug: 'free-page',
      removeBranding: true,
    });
    expect(await errorOf(refused)).toMatchObject({ status: 403, code: 'feature_not_in_plan' });
    const created = await page(free, { name: 'A', slug: 'free-page' });
    const patch = await send(free, 'PATCH', `/status-pages/${created.id}`, { removeBranding: true });
    expect(await errorOf(patch)).toMatchObject({ status: 403, code: 'feature_not_in_plan' });

    const starter = await user('starter');
    expect(await page(starter, { name: 'S', slug: 'starter-page', removeBranding: true })).toMatchObject({
      removeBranding: true,
    });
  });

  it('refuses every write with 403 feature_not_in_plan when the plan lacks public status pages', async () => {
    // The generic test catalogue's plans have no public_status_pages feature.
    const t = await createTestApp({}, { catalogue: TEST_CATALOGUE });
    try {
      const user = await createUser(t.auth);
      const response = await t.request('/api/v1/status-pages', {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Acme', slug: 'acme' }),
      });
      expect(await errorOf(response)).toMatchObject({ status: 403, code: 'feature_not_in_plan' });
    } finally {
      await t.close();
    }
  });

  it("refuses unknown monitor ids and another user's monitors with 404 monitor_not_found", async () => {
    const { user, monitor, send } = await setup();
    const a = await user();
    const b = await user();
    const theirs = await monitor(b, 'Theirs');
    for (const monitorId of [theirs.id, 'no-such-monitor']) {
      const response = await send(a, 'POST', '/status-pages', {
        name: 'A',
        slug: 'a-page',
        monitors: [{ monitorId }],
      });
      expect(await errorOf(response)).toMatchObject({ status: 404, code: 'monitor_not_found' });
    }
    const duplicate = await send(a, 'POST', '/status-pages', {
      name: 'A',
      slug: 'a-page',
      monitors: [{ monitorId: theirs.id }, { monitorId: theirs.id }],
    });
    expect(await errorOf(duplicate)).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'monitors: Each monitor can appear once per page.',
    });
  });

  it("gives user B 404 for reading, editing and deleting user A's page, and leaves it untouched", async () => {
    const { user, monitor, page, send, ok } = await setup();
    const a = await user();
    const b = await user();
    const shop = await monitor(a, 'Shop');
    const mine = await page(a, { name: 'A', slug: 'a-status', monitors: [{ monitorId: shop.id }] });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken over', published: true }],
      ['DELETE', undefined],
    ] as const) {
      expect(await errorOf(await send(b, method, `/status-pages/${mine.id}`, body))).toMatchObject({
        status: 404,
        code: 'status_page_not_found',
      });
    }
    expect(await ok(await send(b, 'GET', '/status-pages'))).toEqual({ statusPages: [] });
    expect(await ok(await send(a, 'GET', `/status-pages/${mine.id}`))).toMatchObject({
      name: 'A',
      published: false,
      monitors: [{ monitorId: shop.id }],
    });
  });

  it('requires a session and documents the routes in the OpenAPI document', async () => {
    const { t } = await setup();
    const response = await t.request('/api/v1/status-pages');
    expect(response.status).toBe(401);
    const doc = (await (await t.request('/api/v1/openapi.json')).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths['/status-pages'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/status-pages/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
