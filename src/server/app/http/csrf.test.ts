// Cookie-authenticated writes must come from Upwatch's own origins (issue 40, item 7): a page on
// another origin could otherwise pause a monitor with a body-less POST that carries the cookie.
import { afterEach, describe, expect, it } from 'vitest';
import { billingClient } from '../../billing/test/billing-client.ts';
import type { TestUser } from '../../test/factories.ts';
import { createUserApp } from '../../test/user-app.ts';

const NOW = Date.UTC(2026, 11, 1, 9, 0);
let app: Awaited<ReturnType<typeof createUserApp>>;
afterEach(() => app?.t.close());

async function setUp() {
  app = await createUserApp(NOW);
  const ada = await app.user('pro');
  const shop = await app.json<{ id: string }>(
    await app.send(ada, 'POST', '/monitors', { name: 'Shop', url: 'https://shop.example.com' }),
    201,
  );
  return { ada, shop };
}

/** Straight to the app: `t.request` would add the trusted Origin. */
const pause = (id: string, headers: Record<string, string>) =>
  app.t.app.request(`/api/v1/monitors/${id}/pause`, { method: 'POST', headers });
const paused = async (ada: TestUser, id: string) =>
  (await app.json<{ paused: boolean }>(await app.send(ada, 'GET', `/monitors/${id}`), 200)).paused;

describe('a cookie-authenticated write', () => {
  it('is refused 403 csrf_origin from a foreign Origin, or a foreign Referer without one, and changes nothing', async () => {
    const { ada, shop } = await setUp();
    for (const [headers, from] of [
      [{ origin: 'https://evil.example' }, 'https://evil.example'],
      // A sibling subdomain is the same site for SameSite=Lax, but not Upwatch's origin.
      [{ origin: 'http://status.localhost:3000' }, 'http://status.localhost:3000'],
      [{ referer: 'https://evil.example/forms/pause.html' }, 'https://evil.example'],
    ] as const) {
      const response = await pause(shop.id, { cookie: ada.cookie, ...headers });
      expect(response.status, from).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          code: 'csrf_origin',
          message: `This change came from ${from}, not from Upwatch's own pages, so it was refused. Make changes in the app, or call the API with an API key.`,
        },
      });
    }
    // "null" (a sandboxed frame, a data: page) and a cross-site fetch hiding both headers.
    for (const headers of [
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ] as Record<string, string>[]) {
      const response = await pause(shop.id, { cookie: ada.cookie, ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('csrf_origin');
    }
    const deleted = await app.t.app.request(`/api/v1/monitors/${shop.id}`, {
      method: 'DELETE',
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(deleted.status).toBe(403);
    expect(await paused(ada, shop.id)).toBe(false);
  });

  it('is accepted from PUBLIC_URL, its 127.0.0.1 spelling, its own Referer, and without Origin from a non-browser client', async () => {
    const { ada, shop } = await setUp();
    const resume = (headers: Record<string, string>) =>
      app.t.app.request(`/api/v1/monitors/${shop.id}/resume`, { method: 'POST', headers });
    for (const headers of [
      { origin: 'http://localhost:3000' },
      { origin: 'http://127.0.0.1:3000' },
      { referer: 'http://localhost:3000/monitors/x' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ] as Record<string, string>[]) {
      const response = await pause(shop.id, { cookie: ada.cookie, ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await paused(ada, shop.id)).toBe(true);
      expect((await resume({ cookie: ada.cookie, ...headers })).status).toBe(200);
    }
  });

  it('is not checked for an API key, whatever its Origin, nor for reads', async () => {
    const { ada, shop } = await setUp();
    const { key } = await app.json<{ key: string }>(
      await app.send(ada, 'POST', '/api-keys', { name: 'CI' }),
      201,
    );
    const response = await pause(shop.id, { authorization: `Bearer ${key}`, origin: 'https://ci.example' });
    expect(response.status).toBe(200);
    expect(await paused(ada, shop.id)).toBe(true);

    const read = await app.t.app.request(`/api/v1/monitors/${shop.id}`, {
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
  });
});

describe('a cookie-authenticated billing write', () => {
  it('is refused 403 csrf_origin from a foreign Origin, even body-less, and the plan stays; from PUBLIC_URL it goes through', async () => {
    app = await createUserApp(NOW);
    const ada = await app.user('free');
    const client = billingClient(app.t, ada);
    const attach = (headers: Record<string, string>) =>
      app.t.app.request('/api/billing/attach', {
        method: 'POST',
        headers: { cookie: ada.cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ productId: 'pro' }),
      });
    const cancel = app.t.app.request('/api/billing/cancel', {
      method: 'POST',
      headers: { cookie: ada.cookie, origin: 'http://status.localhost:3000' },
    });
    expect((await cancel).status).toBe(403);
    const forged = await attach({ origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      code: 'csrf_origin',
      message:
        "This change came from https://evil.example, not from Upwatch's own pages, so it was refused. Make changes in the app, or call the API with an API key.",
    });
    const before = await client.customer();
    expect(before.products.map((product: { id: string }) => product.id)).toEqual(['free']);
    const own = await attach({ origin: 'http://localhost:3000' });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { code: string }).code).toBe('checkout_created');
  });
});
