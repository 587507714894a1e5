// Private status pages: behind a password (a signed cookie after entry, attempts counted per
// address and page in the database) or for the workspace's members; never publicly cached, never
// in feeds, badges, the widget or the embed.
import { afterEach, describe, expect, it } from 'vitest';
import { joinWorkspace } from '../../test/workspace-rows.ts';
import { createStatusApp, NOT_AVAILABLE, NOW, type StatusApp } from '../test/status-app.ts';

const PASSWORD = 'correct horse battery';
const PRIVATE = 'private, no-store';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

async function passwordPage(config: { trustProxy?: boolean } = {}) {
  s = await createStatusApp(config);
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop');
  const page = await s.page(owner, {
    name: 'Acme internal',
    slug: 'acme-internal',
    published: true,
    access: 'password',
    password: PASSWORD,
    monitors: [{ monitorId: shop.id }],
  });
  return { owner, shop, page };
}

/** The password form's POST, as a browser sends it. */
function enter(password: string, headers: Record<string, string> = {}) {
  return s.t.app.request('/status/acme-internal/access', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ password }).toString(),
  });
}

/** `name=value` of the access cookie a response sets. */
function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('a password-protected page', () => {
  it('needs its password when made, and stores only a hash of it', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const refused = await s.send(owner, 'POST', '/status-pages', {
      name: 'Acme',
      slug: 'acme',
      access: 'password',
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'password: Set a password for a password-protected page.',
      },
    });
    const short = await s.send(owner, 'POST', '/status-pages', {
      name: 'Acme',
      slug: 'acme',
      access: 'password',
      password: 'short',
    });
    expect(((await short.json()) as { error: { message: string } }).error.message).toBe(
      'password: Page passwords need at least 8 characters.',
    );

    const made = await s.ok<Record<string, unknown>>(
      await s.send(owner, 'POST', '/status-pages', {
        name: 'Acme',
        slug: 'acme',
        access: 'password',
        password: PASSWORD,
      }),
      201,
    );
    expect(made).toMatchObject({ access: 'password', hasPassword: true });
    expect(JSON.stringify(made)).not.toContain(PASSWORD);
    const row = await s.db.selectFrom('status_pages').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('answers the password form with 401 until the right password sets a cookie, then shows the page privately', async () => {
    const { page } = await passwordPage();
    const form = await s.get('/status/acme-internal');
    expect(form.status).toBe(401);
    expect(form.headers.get('cache-control')).toBe(PRIVATE);
    expect(form.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await form.text();
    expect(html).toContain('<h1>Acme internal</h1>');
    expect(html).toContain('This status page is protected. Enter its password to see it.');
    expect(html).toContain('<form method="post" action="/status/acme-internal/access">');
    expect(html).not.toContain('Shop');
    const json401 = await s.get('/status/acme-internal.json');
    expect(json401.status).toBe(401);
    expect(json401.headers.get('cache-control')).toBe(PRIVATE);
    expect(await json401.json()).toEqual({
      error: {
        code: 'password_required',
        message: 'This status page is protected. Enter its password to see it.',
      },
    });

    const wrong = await enter('not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('That password is not right. Try again.');

    const right = await enter(PASSWORD);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/status/acme-internal');
    const setCookie = right.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      new RegExp(`^upwatch_page_${page.id}=[^;]+; Max-Age=2592000; Path=/status; HttpOnly; SameSite=Lax$`),
    );

    const cookie = cookieOf(right);
    const shown = await s.get('/status/acme-internal', { cookie });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe(PRIVATE);
    expect(shown.headers.get('etag')).toBeNull();
    const body = await shown.text();
    expect(body).toContain('<h3>Shop</h3>');
    // No feed for a page feed readers cannot enter; its JSON needs the same cookie.
    expect(body).not.toContain('feed.atom');
    expect(body).toContain('<a href="/status/acme-internal.json">JSON</a>');
    const json = await s.get('/status/acme-internal.json', { cookie });
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe(PRIVATE);
    expect(json.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await json.json()) as { page: { name: string } }).page.name).toBe('Acme internal');
  });

  it('refuses the sixth attempt from one address within 15 minutes, even with the right password', async () => {
    // Behind a trusted proxy the client is the last X-Forwarded-For entry.
    await passwordPage({ trustProxy: true });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await enter('guess', from('203.0.113.7'))).status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await enter(PASSWORD, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('set-cookie')).toBeNull();
    expect(limited.headers.get('retry-after')).toBe(String(15 * 60 - (NOW % (15 * 60_000)) / 1000));
    expect(await limited.text()).toContain(
      'Too many attempts from your address. Wait a few minutes, then try again.',
    );
    // Another address is not held back by the first one's guesses.
    expect((await enter(PASSWORD, from('198.51.100.2'))).status).toBe(303);
    const counted = await s.db
      .selectFrom('status_page_access_windows')
      .select(['address', 'attempts'])
      .orderBy('address')
      .execute();
    expect(counted).toEqual([
      { address: '198.51.100.2', attempts: 1 },
      { address: '203.0.113.7', attempts: 6 },
    ]);

    s.clock.advance(15 * 60_000);
    expect((await enter(PASSWORD, from('203.0.113.7'))).status).toBe(303);
  });

  it('shuts out a cookie made for the old password once the password changes, and a forged one', async () => {
    const { owner, page } = await passwordPage();
    const cookie = cookieOf(await enter(PASSWORD));
    expect((await s.get('/status/acme-internal', { cookie })).status).toBe(200);
    await s.ok(await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { password: 'a brand new secret' }));
    expect((await s.get('/status/acme-internal', { cookie })).status).toBe(401);
    const [name, value = ''] = cookie.split('=');
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    expect((await s.get('/status/acme-internal', { cookie: forged })).status).toBe(401);
  });

  it('is absent from the feed, the badges, the widget and the embed', async () => {
    const { shop } = await passwordPage();
    const cookie = cookieOf(await enter(PASSWORD));
    for (const path of [
      '/status/acme-internal/feed.atom',
      '/status/acme-internal/widget.js',
      '/status/acme-internal/embed',
      `/badge/${shop.id}/status.svg`,
    ]) {
      const response = await s.get(path, { cookie });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(NOT_AVAILABLE);
    }
  });

  it('becomes public again without a password, and forgets the hash', async () => {
    const { owner, page } = await passwordPage();
    const opened = await s.ok<{ hasPassword: boolean }>(
      await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { access: 'public' }),
    );
    expect(opened.hasPassword).toBe(false);
    const response = await s.get('/status/acme-internal');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
  });
});

describe('a members-only page', () => {
  it('shows itself to members of its workspace only: 401 signed out, 403 to others', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const colleague = await s.user();
    const stranger = await s.user();
    await joinWorkspace(s.db, s.t.database.dialect, owner.id, colleague.id, 'viewer');
    const shop = await s.monitor(owner, 'Shop');
    await s.page(owner, {
      name: 'Ops',
      slug: 'ops',
      published: true,
      access: 'members',
      monitors: [{ monitorId: shop.id }],
    });

    const signedOut = await s.get('/status/ops');
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('cache-control')).toBe(PRIVATE);
    const invitation = await signedOut.text();
    expect(invitation).toContain('This status page is for members of its workspace only.');
    expect(invitation).toContain(
      '<a class="button" href="http://localhost:3000/signin">Sign in to Upwatch</a>',
    );

    const refused = await s.get('/status/ops', { cookie: stranger.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      'Your account is not a member of the workspace this status page belongs to.',
    );

    for (const member of [owner, colleague]) {
      const shown = await s.get('/status/ops', { cookie: member.cookie });
      expect(shown.status).toBe(200);
      expect(shown.headers.get('cache-control')).toBe(PRIVATE);
      expect(await shown.text()).toContain('<h3>Shop</h3>');
    }
    const json = await s.get('/status/ops.json', { cookie: stranger.cookie });
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({
      error: {
        code: 'not_a_member',
        message: 'Your account is not a member of the workspace this status page belongs to.',
      },
    });
    expect((await s.get('/status/ops/feed.atom', { cookie: owner.cookie })).status).toBe(404);

    // A workspace that requires two-factor sign-in shows its page only to members who use it.
    await s.db
      .updateTable('organization')
      .set({ metadata: JSON.stringify({ requireTwoFactor: true }) })
      .where('id', '=', owner.id)
      .execute();
    const withoutSecondFactor = await s.get('/status/ops', { cookie: colleague.cookie });
    expect(withoutSecondFactor.status).toBe(403);
    expect(await withoutSecondFactor.text()).toContain(
      'Its workspace requires two-factor sign-in: turn it on in Upwatch to see this page.',
    );
  });
});
