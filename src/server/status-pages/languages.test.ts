// A page in the owner's language, or in each visitor's ('auto'): words, dates and numbers in
// that locale, the cache keyed by it, and Vary: Accept-Language only where it matters.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { buildApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { QueryCounter } from './test/query-counter.ts';
import { createStatusApp, NOT_AVAILABLE, NOW, type StatusApp } from './test/status-app.ts';

let s: StatusApp | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await s?.close();
  await database?.destroy();
  s = undefined;
  database = undefined;
});

/** NOW is 20 Nov 2026, 15:40 UTC. */
const NOW_ISO = '2026-11-20T15:40:00.000Z';
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };

async function pageIn(language: string) {
  s = await createStatusApp();
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop', { public: true });
  await s.setStatus(shop.id, 'up');
  await s.page(owner, {
    name: 'Acme',
    slug: 'acme',
    published: true,
    language,
    monitors: [{ monitorId: shop.id }],
  });
  return { s, owner, shop };
}

describe('a page in German', () => {
  it('shows German words, German dates and German numbers, whatever the visitor asks for', async () => {
    const { s } = await pageIn('de');
    const response = await s.get('/status/acme', { 'accept-language': 'en-US' });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Acme – Status</title>');
    expect(html).toContain('<h2 id="state">Alle Systeme betriebsbereit</h2>');
    expect(html).toContain(
      `<p class="muted">Aktualisiert <time data-local datetime="${NOW_ISO}">20. Nov. 2026, 15:40 UTC</time></p>`,
    );
    expect(html).toContain('<h2 id="monitors">Dienste</h2>');
    expect(html).toContain('<h3>Shop</h3><span class="s s-up">Betriebsbereit</span>');
    expect(html).toContain('aria-label="Tägliche Verfügbarkeit von Shop, letzte 90 Tage"');
    expect(html).toContain(
      '<span>Vor 90 Tagen</span><span class=uptime>Keine Daten</span><span>Heute</span>',
    );
    // Today's bar: the monitor was made today, so the day has no checks yet.
    expect(html).toContain('<li class=n>20.11.: keine Daten</ol>');
    expect(html).toContain(
      '<h2 id="past">Vergangene Vorfälle</h2><p class="muted">Keine Vorfälle in den letzten 14 Tagen.</p>',
    );
    expect(html).toContain('Bereitgestellt von <a href="https://upwatch.dev">Upwatch</a>');
    // A perfect day's date is completed by the stylesheet, in German: "3. Nov.: 100 %".
    expect(html).toContain('.bars li:not([class])::after{content:": 100\u00a0%"}');
    // The visitor's script re-formats times in their zone, in the page's language.
    expect(html).toContain('toLocaleString(document.documentElement.lang,');
  });

  it('writes its feed in German, and badges in German when asked', async () => {
    const { s, shop } = await pageIn('de');
    const feed = await (await s.get('/status/acme/feed.atom')).text();
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">');
    expect(feed).toContain('<title>Acme – Vorfälle</title>');

    const german = await s.get(`/badge/${shop.id}/status.svg?lang=de`);
    expect(await german.text()).toContain('aria-label="Status: verfügbar"');
    expect(german.headers.get('vary')).toBe('Accept-Encoding');
    // Without lang a badge stays English, whoever loads it.
    expect(await (await s.get(`/badge/${shop.id}/status.svg`, GERMAN)).text()).toContain(
      'aria-label="status: up"',
    );
    const wrong = await s.get(`/badge/${shop.id}/uptime.svg?lang=xx`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { code: 'invalid_language', message: 'Choose lang=en, de, fr, es, pt or ja.' },
    });
  });
});

describe("a page in the visitor's language", () => {
  it('answers each visitor in the first language of theirs it has, English otherwise, and varies by it', async () => {
    const { s } = await pageIn('auto');
    const german = await s.get('/status/acme', GERMAN);
    expect(german.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    const germanHtml = await german.text();
    expect(germanHtml).toContain('<html lang="de">');
    expect(germanHtml).toContain('<h2 id="state">Alle Systeme betriebsbereit</h2>');

    const japanese = await s.get('/status/acme', { 'accept-language': 'zh-CN,ja;q=0.8' });
    const japaneseHtml = await japanese.text();
    expect(japaneseHtml).toContain('<html lang="ja">');
    expect(japaneseHtml).toContain('<h2 id="state">すべてのシステムが正常に稼働しています</h2>');
    expect(japaneseHtml).toContain(`<time data-local datetime="${NOW_ISO}">2026年11月20日 15:40 UTC</time>`);

    const english = await s.get('/status/acme');
    expect(english.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(await english.text()).toContain('<h2 id="state">All systems operational</h2>');
    // Each language is its own representation, with its own validator.
    expect(new Set([german, japanese, english].map((r) => r.headers.get('etag'))).size).toBe(3);
    const revalidated = await s.get('/status/acme', {
      ...GERMAN,
      'if-none-match': german.headers.get('etag') ?? '',
    });
    expect(revalidated.status).toBe(304);
  });

  it('says a page is not available in the visitor’s language, and in SPEC’s words in English', async () => {
    s = await createStatusApp();
    const german = await s.get('/status/nowhere', GERMAN);
    expect(german.status).toBe(404);
    expect(german.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(await german.text()).toContain(
      '<h1>Seite nicht verfügbar: Diese Statusseite ist nicht verfügbar oder wurde möglicherweise verschoben.</h1>',
    );
    const english = await s.get('/status/nowhere');
    expect(await english.text()).toContain(`<h1>${NOT_AVAILABLE}</h1>`);
  });

  it('reads the database once per 10 s for all languages together', async () => {
    database = await createTestDatabase();
    const counter = new QueryCounter();
    const clock = new ManualClock(NOW);
    const { app, auth } = buildApp({ ...database, db: database.db.withPlugin(counter) }, {}, { clock });
    const user = await createUser(auth);
    const created = await app.request('/api/v1/status-pages', {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ name: 'Acme', slug: 'acme', published: true, language: 'auto' }),
    });
    expect(created.status).toBe(201);
    counter.count = 0;
    expect((await app.request('/status/acme', { headers: GERMAN })).status).toBe(200);
    const oneRound = counter.count;
    expect(oneRound).toBeGreaterThan(0);
    for (const language of ['fr', 'es', 'pt', 'ja', 'en', 'de']) {
      const response = await app.request('/status/acme', { headers: { 'accept-language': language } });
      expect(await response.text()).toContain(`<html lang="${language}">`);
    }
    expect(counter.count).toBe(oneRound);
    clock.advance(10_000);
    await (await app.request('/status/acme', { headers: { 'accept-language': 'fr' } })).text();
    expect(counter.count).toBe(2 * oneRound);
  });
});

describe('the language setting', () => {
  it('defaults to English, takes any of the six languages or auto, and refuses anything else', async () => {
    s = await createStatusApp();
    const owner = await s.user();
    const page = await s.ok<{ id: string; language: string }>(
      await s.send(owner, 'POST', '/status-pages', { name: 'Acme', slug: 'acme' }),
      201,
    );
    expect(page.language).toBe('en');
    const changed = await s.ok<{ language: string }>(
      await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { language: 'ja' }),
    );
    expect(changed.language).toBe('ja');
    const refused = await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { language: 'it' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { code: 'validation_failed', message: 'language: Choose en, de, fr, es, pt, ja or auto.' },
    });
  });
});
