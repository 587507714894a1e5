// The subscription speaks its page's language: the visitor's pages in the page's setting (on an
// 'auto' page, the request's Accept-Language), the mails in the page's setting (on an 'auto' page,
// the language the sign-up asked for). The other tests here check the English, unchanged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatusPageLanguageSetting } from '../../../core/api/status-pages.ts';
import type { TestUser } from '../../test/factories.ts';
import { subscriberRow } from '../../test/subscriber-rows.ts';
import { TEST_SECRET } from '../../test/test-app.ts';
import { createSubscriberApp, pathIn, type SubscriberApp } from './test/subscriber-app.ts';
import { subscriberLinks } from './tokens.ts';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };

let app: SubscriberApp;
let owner: TestUser;
beforeEach(async () => {
  app = await createSubscriberApp(NOW);
  owner = await app.user('starter');
});
afterEach(async () => {
  await app.t.close();
});

/** A published page named Acme, in this language, showing one monitor as "Shop". */
async function languagePage(language: StatusPageLanguageSetting) {
  const monitor = await app.monitor(owner, 'shop');
  const body = {
    name: 'Acme',
    slug: 'acme',
    published: true,
    language,
    monitors: [{ monitorId: monitor.id, displayName: 'Shop' }],
  };
  const page = await app.json<{ id: string }>(await app.send(owner, 'POST', '/status-pages', body), 201);
  return { pageId: page.id, monitorId: monitor.id };
}

/** Opens an incident on the monitor and sends what it tells subscribers. */
async function declareIncident(monitorId: string) {
  const body = { title: 'Checkout errors', monitorIds: [monitorId], update: 'Looking into it.' };
  await app.json(await app.send(owner, 'POST', '/incidents', body), 201);
  await app.notify();
}

/** The newest mail to this address in the owner's outbox. */
async function lastMailTo(address: string) {
  const mail = (await app.outbox(owner)).find((m) => m.to === address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

const pageText = async (path: string, init?: RequestInit) => (await app.get(path, init)).text();

describe('a German page', () => {
  it('answers, confirms, mails and unsubscribes in German, whatever the visitor’s browser asks', async () => {
    const { monitorId } = await languagePage('de');
    const form = await pageText('/status/acme/subscribe', { headers: ENGLISH });
    expect(form).toContain('<html lang="de">');
    expect(form).toContain('<h1>Updates von Acme erhalten</h1>');
    expect(form).toContain('<legend>Nur diese Monitore</legend>');

    const answer = await app.subscribe('acme', { email: 'leser@example.test' }, undefined, ENGLISH);
    expect(answer.status).toBe(200);
    const sent = await answer.text();
    expect(sent).toContain('<html lang="de">');
    expect(sent).toContain('<h1>Bitte prüfen Sie Ihr Postfach</h1>');
    expect(sent).toContain(
      'Wir haben einen Bestätigungslink an leser@example.test gesendet. Bis Sie ihm folgen, senden wir nichts weiter; der Link ist sieben Tage gültig.',
    );
    expect(sent).toContain('>Zurück zur Statusseite</a>');

    await app.notify();
    const confirmation = await lastMailTo('leser@example.test');
    expect(confirmation.subject).toBe('Bestätigen Sie Ihr Abonnement für Acme');
    expect(confirmation.text).toContain(
      'Jemand, hoffentlich Sie, hat für diese Adresse Updates zu Acme angefordert. Bestätigen Sie, um sie zu erhalten. Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Wir senden nichts weiter.',
    );
    expect(confirmation.text).toContain('Abonnement bestätigen: http');
    expect(confirmation.text).toContain('Updates von Acme abbestellen: http');

    const confirmed = await pageText(pathIn(confirmation.text, '/status/acme/confirm/'), {
      headers: ENGLISH,
    });
    expect(confirmed).toContain('<h1>Abonnement bestätigt</h1>');
    expect(confirmed).toContain(
      'Sie erhalten ab jetzt Updates zu Acme. Jede Nachricht enthält einen Link zum Abbestellen.',
    );

    await declareIncident(monitorId);
    const notice = await lastMailTo('leser@example.test');
    expect(notice.subject).toBe('[Acme] Vorfall: Checkout errors');
    expect(notice.text).toMatch(/Status:\s+Wird untersucht/);
    expect(notice.text).toMatch(/Begonnen:\s+25\.11\.2026, 09:30 UTC/);
    expect(notice.text).toMatch(/Betrifft:\s+Shop/);
    expect(notice.text).toContain('Statusseite ansehen: http');

    const unsubscribe = pathIn(notice.text, '/status/acme/unsubscribe/');
    const shown = await pageText(unsubscribe, { headers: ENGLISH });
    expect(shown).toContain('<h1>Updates von Acme abbestellen?</h1>');
    expect(shown).toContain('<button type="submit">Abbestellen</button>');
    const gone = await pageText(unsubscribe, { method: 'POST' });
    expect(gone).toContain('<h1>Updates abbestellt</h1>');
    expect(gone).toContain('Sie erhalten keine Updates zu Acme mehr.');
  });

  it('refuses in German: a form it cannot accept, a changed link, a full rate limit', async () => {
    await languagePage('de');
    const refused = await app.subscribe('acme', { email: 'kein Name' }, undefined, ENGLISH);
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Abonnement nicht angenommen</h1>');
    expect(html).toContain('Geben Sie eine gültige E-Mail-Adresse ein, etwa you@example.com.');

    const { confirm } = subscriberLinks('', TEST_SECRET, 'acme', 'someone');
    const changed = await app.get(`${confirm.slice(0, -2)}xx`, { headers: ENGLISH });
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain(
      'Dieser Link ist ungültig: Er wurde verändert oder gekürzt. Es wurde nichts geändert.',
    );

    for (let i = 0; i < 5; i++) await app.subscribe('acme', { email: `r${i}@example.test` });
    const limited = await app.subscribe('acme', { email: 'r5@example.test' });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(
      'Zu viele Anmeldungen von Ihrer Adresse oder für diese Seite. Versuchen Sie es in 30 Minuten erneut.',
    );
  });
});

describe("an 'auto' page", () => {
  it('answers each visitor in their Accept-Language and mails each in the language they signed up in', async () => {
    const { monitorId } = await languagePage('auto');
    const german = await (
      await app.subscribe('acme', { email: 'leser@example.test' }, undefined, GERMAN)
    ).text();
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<h1>Bitte prüfen Sie Ihr Postfach</h1>');
    const english = await (await app.subscribe('acme', { email: 'reader@example.test' })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Check your inbox</h1>');
    const stored = await app.db
      .selectFrom('status_page_subscribers')
      .select(['address', 'language'])
      .orderBy('address')
      .execute();
    expect(stored).toEqual([
      { address: 'leser@example.test', language: 'de' },
      { address: 'reader@example.test', language: 'en' },
    ]);

    await app.notify();
    const germanMail = await lastMailTo('leser@example.test');
    expect(germanMail.subject).toBe('Bestätigen Sie Ihr Abonnement für Acme');
    const englishMail = await lastMailTo('reader@example.test');
    expect(englishMail.subject).toBe('Confirm your subscription to Acme');

    // A page follows whoever opens the link; the mails keep the sign-up's language.
    const inFrench = await pageText(pathIn(germanMail.text, '/status/acme/confirm/'), {
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(inFrench).toContain('<h1>Abonnement confirmé</h1>');
    await app.get(pathIn(englishMail.text, '/status/acme/confirm/'));

    await declareIncident(monitorId);
    expect((await lastMailTo('leser@example.test')).subject).toBe('[Acme] Vorfall: Checkout errors');
    expect((await lastMailTo('reader@example.test')).subject).toBe('[Acme] Incident: Checkout errors');
  });

  it('mails in English whoever signed up before sign-ups kept their language', async () => {
    const { pageId, monitorId } = await languagePage('auto');
    const early = subscriberRow(owner.id, pageId, {
      address: 'early@example.test',
      created_at: NOW - 1,
      confirmed_at: NOW - 1,
    });
    await app.db.insertInto('status_page_subscribers').values(early).execute();
    await declareIncident(monitorId);
    const mail = await lastMailTo('early@example.test');
    expect(mail.subject).toBe('[Acme] Incident: Checkout errors');
    expect(mail.text).toMatch(/Started:\s+Nov 25, 2026, 09:30 UTC/);
  });
});
