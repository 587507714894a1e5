// The subscribe form on every kind of group page: at a custom domain it posts to PUBLIC_URL, where
// subscriptions live (and the page's CSP allows that one origin); a private page has none and
// refuses sign-ups.
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL } from '../../test/test-app.ts';
import { createStatusApp, type StatusApp } from '../test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

async function publishedPage(extra: Record<string, unknown> = {}) {
  s = await createStatusApp();
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop');
  const page = await s.page(owner, {
    name: 'Acme',
    slug: 'acme',
    published: true,
    monitors: [{ monitorId: shop.id }],
    ...extra,
  });
  return { owner, page };
}

describe('the subscribe form', () => {
  it('posts to the page under PUBLIC_URL when the page is served at its own domain', async () => {
    const { page } = await publishedPage();
    await s.t.database.db
      .updateTable('status_pages')
      .set({ custom_domain: 'status.acme.test', domain_token: 't', domain_verified_at: 1 })
      .where('id', '=', page.id)
      .execute();
    const atDomain = await s.t.app.request('http://status.acme.test/');
    expect(atDomain.status).toBe(200);
    const html = await atDomain.text();
    expect(html).toContain(`action="${TEST_PUBLIC_URL}/status/acme/subscribe"`);
    expect(atDomain.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(TEST_PUBLIC_URL).origin}`,
    );

    const atHome = await (await s.get('/status/acme')).text();
    expect(atHome).toContain('action="/status/acme/subscribe"');
  });

  it('is absent from a private page, which refuses sign-ups as if it did not exist', async () => {
    await publishedPage({ access: 'password', password: 'correct horse battery' });
    const signUp = await s.t.app.request(`${TEST_PUBLIC_URL}/status/acme/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=reader%40example.com',
    });
    expect(signUp.status).toBe(404);
    expect((await s.get('/status/acme/subscribe')).status).toBe(404);
    const rows = await s.t.database.db.selectFrom('status_page_subscribers').select('id').execute();
    expect(rows).toEqual([]);
  });
});
