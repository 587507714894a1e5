// The page's language beyond the page itself: its widget and compact view, its password and
// members-only forms (still never cached publicly), and the page at its custom domain with its
// header links and badges. The `.json` and its refusals stay language-neutral.
import { afterEach, describe, expect, it } from 'vitest';
import { localeOf } from './i18n/locale.ts';
import { createStatusApp, NOW, type StatusApp } from './test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

const PASSWORD = 'correct horse battery';
const PRIVATE = 'private, no-store';
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
const de = localeOf('de').t;
const fr = localeOf('fr').t;
const ja = localeOf('ja').t;

async function pageIn(language: string, extra: Record<string, unknown> = {}) {
  s = await createStatusApp();
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop', { public: true });
  await s.setStatus(shop.id, 'up');
  const page = await s.page(owner, {
    name: 'Acme',
    slug: 'acme',
    published: true,
    language,
    monitors: [{ monitorId: shop.id }],
    ...extra,
  });
  return { owner, shop, page };
}

/** The password form's POST, as a browser sends it. */
function enter(password: string, headers: Record<string, string> = {}) {
  return s.t.app.request('/status/acme/access', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ password }).toString(),
  });
}

describe('the widget and the compact view', () => {
  it("speak the page's language", async () => {
    await pageIn('fr');
    const widget = await s.get('/status/acme/widget.js', GERMAN);
    expect(widget.headers.get('vary')).toBe('Accept-Encoding');
    const script = await widget.text();
    expect(script).toContain(`t=${JSON.stringify(fr.states.operational)}`);
    expect(script).toContain(`n=${JSON.stringify(fr.widgetTitle('Acme', fr.states.operational))}`);
    expect(script).toContain('l="fr"');

    const html = await (await s.get('/status/acme/embed', GERMAN)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<title>État de Acme</title>`);
    expect(html).toContain(`<h1>${fr.states.operational}</h1>`);
    expect(html).toContain(`<li><span>Shop</span><span class="s s-up">${fr.monitorStatus.up}</span></li>`);
    expect(html).toContain('Mis à jour le <time data-local');
    expect(html).toContain(`rel="noopener">Voir la page d&#39;état</a>`);
  });

  it("follow each visitor's language on an 'auto' page, and say so", async () => {
    await pageIn('auto');
    const german = await s.get('/status/acme/widget.js', GERMAN);
    expect(german.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(await german.text()).toContain(`t=${JSON.stringify(de.states.operational)}`);
    const japanese = await s.get('/status/acme/embed', { 'accept-language': 'ja' });
    expect(japanese.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(await japanese.text()).toContain(`<h1>${ja.states.operational}</h1>`);
    const english = await (await s.get('/status/acme/embed')).text();
    expect(english).toContain('<h1>All systems operational</h1>');
  });
});

describe('a private page in German', () => {
  it('asks for its password in German, refuses its JSON in English and shows the page privately', async () => {
    await pageIn('de', { access: 'password', password: PASSWORD });
    const form = await s.get('/status/acme');
    expect(form.status).toBe(401);
    expect(form.headers.get('cache-control')).toBe(PRIVATE);
    const html = await form.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`<p>${de.passwordIntro}</p>`);
    expect(html).toContain(`<label for="password">${de.passwordLabel}</label>`);
    expect(html).toContain(`<button type="submit">${de.viewStatusPage}</button>`);

    const json = await s.get('/status/acme.json', GERMAN);
    expect(await json.json()).toEqual({
      error: {
        code: 'password_required',
        message: 'This status page is protected. Enter its password to see it.',
      },
    });

    expect(await (await enter('not the password')).text()).toContain(de.wrongPassword);
    const right = await enter(PASSWORD);
    expect(right.status).toBe(303);
    const cookie = (right.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await s.get('/status/acme', { cookie, 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(PRIVATE);
    expect(page.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(page.headers.get('etag')).toBeNull();
    const body = await page.text();
    expect(body).toContain('<html lang="de">');
    expect(body).toContain(`<h2 id="state">${de.states.operational}</h2>`);
    expect(body).not.toContain('feed.atom');
  });

  it("on an 'auto' page, answers each visitor in theirs and varies by language and cookie", async () => {
    await pageIn('auto', { access: 'password', password: PASSWORD });
    const form = await s.get('/status/acme', { 'accept-language': 'ja' });
    expect(form.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(await form.text()).toContain(`<p>${ja.passwordIntro}</p>`);
    expect(await (await enter('not the password', GERMAN)).text()).toContain(de.wrongPassword);

    const cookie = ((await enter(PASSWORD)).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await s.get('/status/acme', { cookie, ...GERMAN });
    expect(page.headers.get('cache-control')).toBe(PRIVATE);
    expect(page.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(await page.text()).toContain('<html lang="de">');
  });

  it('tells a signed-out visitor of a members-only page to sign in, in Japanese', async () => {
    await pageIn('ja', { access: 'members' });
    const form = await s.get('/status/acme');
    expect(form.status).toBe(401);
    const html = await form.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(`<p>${ja.membersIntro}</p>`);
    expect(html).toContain(`>${ja.signIn}</a>`);
  });
});

describe('a page at its custom domain', () => {
  const HOST = 'status.example.test';
  const atHost = (path: string, headers: Record<string, string> = {}) =>
    s.t.app.request(`http://${HOST}${path}`, { headers });

  it("speaks the page's language there, its header links named in it, and badges as asked", async () => {
    const { page, shop } = await pageIn('de', {
      customDomain: HOST,
      headerLinks: [{ label: 'Startseite', url: 'https://acme.example.com/' }],
    });
    // Verified as the Verify button leaves it (custom-domains.test.ts goes through DNS).
    await s.db
      .updateTable('status_pages')
      .set({ domain_verified_at: NOW })
      .where('id', '=', page.id)
      .execute();

    const html = await (await atHost('/', { 'accept-language': 'en' })).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`<nav aria-label="${de.headerLinks}">`);
    expect(html).toContain(`<a href="/feed.atom">${de.atomFeed}</a> · <a href="/status.json">JSON</a>`);
    const feed = await (await atHost('/feed.atom')).text();
    expect(feed).toContain(`xml:lang="de"`);
    expect(feed).toContain(`<link rel="self" type="application/atom+xml" href="http://${HOST}/feed.atom"/>`);

    const badge = await atHost(`/badge/${shop.id}/status.svg?lang=de`);
    expect(await badge.text()).toContain('aria-label="Status: verfügbar"');
    expect(await (await atHost(`/badge/${shop.id}/status.svg`)).text()).toContain('aria-label="status: up"');
    expect((await atHost(`/badge/${shop.id}/status.svg?lang=xx`)).status).toBe(400);
  });
});
