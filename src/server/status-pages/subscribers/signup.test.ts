// Signing up on a public page: the form, what it refuses and how, the plan's limit, the hourly
// rate limits, and the confirmation and unsubscribe links. No SMTP here: the confirmation lands
// in the page owner's outbox.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import { subscriberRow } from '../../test/subscriber-rows.ts';
import { TEST_SECRET } from '../../test/test-app.ts';
import { createSubscriberApp, pathIn, type SubscriberApp } from './test/subscriber-app.ts';
import { subscriberLinks } from './tokens.ts';

const NOW = Date.UTC(2026, 10, 25, 9, 30);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOT_AVAILABLE = 'Page Not Available: This status page is not available or may have been moved.';

let app: SubscriberApp;
let owner: TestUser;
beforeEach(async () => {
  app = await createSubscriberApp(NOW);
  owner = await app.user('free');
});
afterEach(async () => {
  await app.t.close();
});

const subscribers = () => app.db.selectFrom('status_page_subscribers').selectAll().orderBy('id').execute();

async function insertSubscribers(pageId: string, count: number, createdAt = NOW) {
  const rows = Array.from({ length: count }, () =>
    subscriberRow(owner.id, pageId, { created_at: createdAt }),
  );
  for (let at = 0; at < rows.length; at += 100) {
    await app.db
      .insertInto('status_page_subscribers')
      .values(rows.slice(at, at + 100))
      .execute();
  }
}

describe('the subscribe form', () => {
  it('is on a published page, posts to that page, and the page allows it to', async () => {
    const monitor = await app.monitor(owner, 'shop');
    await app.page(owner, 'acme', [monitor.id]);
    const response = await app.get('/status/acme');
    const html = await response.text();
    expect(html).toContain('<h2 id=subscribe>Get updates</h2>');
    expect(html).toContain('<form class="card sub" method=post action="/status/acme/subscribe">');
    expect(html).toContain('<a href="/status/acme/subscribe">Only some monitors? Choose them here.</a>');
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(await (await app.get(`/status/monitor/${monitor.id}`)).text()).not.toContain('Get updates');
  });

  it('offers the page’s monitors to choose from on a page of its own', async () => {
    const monitor = await app.monitor(owner, 'shop');
    await app.send(owner, 'POST', '/status-pages', {
      name: 'Acme',
      slug: 'acme',
      published: true,
      monitors: [{ monitorId: monitor.id, displayName: 'Web shop' }],
    });
    const response = await app.get('/status/acme/subscribe');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Get updates from Acme</h1>');
    expect(html).toContain('<form method="post" action="/status/acme/subscribe">');
    expect(html).toContain(`<input type="checkbox" name="monitor" value="${monitor.id}"> Web shop</label>`);
    expect((await app.get('/status/nowhere/subscribe')).status).toBe(404);
  });

  it('sends the confirmation to the page owner’s outbox when no SMTP server is configured', async () => {
    await app.page(owner, 'acme');
    expect((await app.subscribe('acme', { email: 'reader@example.test' })).status).toBe(200);
    expect(await app.outbox(owner)).toEqual([]);
    await app.notify();
    const [mail, ...rest] = await app.outbox(owner);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ to: 'reader@example.test', subject: 'Confirm your subscription to Acme' });
    const confirmed = await app.get(pathIn(mail?.text ?? '', '/status/acme/confirm/'));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Subscription confirmed');
    expect((await subscribers())[0]?.confirmed_at).toBe(NOW);
  });
});

describe('a sign-up it cannot accept', () => {
  it.each([
    [{ email: '' }, 'Enter an email address, or a webhook URL.'],
    [{ email: 'not an address' }, 'Enter a valid email address, such as you@example.com.'],
    [
      { email: 'reader@example.test', webhookUrl: 'https://hooks.example.com/in' },
      'Enter an email address or a webhook URL, not both.',
    ],
    [{ webhookUrl: 'ftp://hooks.example.com/in' }, 'Enter a webhook URL starting with https:// or http://.'],
    [
      { webhookUrl: 'https://hooks.internal.test/in' },
      'This webhook URL points to a private or local network address, where Upwatch does not send.',
    ],
    [
      { email: 'reader@example.test', monitor: 'not-on-this-page' },
      'Choose only monitors shown on this status page.',
    ],
  ])('%o is answered 422 with a page saying why, and nothing is stored', async (fields, message) => {
    await app.page(owner, 'acme');
    const response = await app.subscribe('acme', fields);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Subscription not accepted');
    expect(html).toContain(message.replaceAll("'", '&#39;'));
    expect(await subscribers()).toEqual([]);
  });

  it('answers an unknown or unpublished page with the public 404', async () => {
    await app.page(owner, 'draft', [], false);
    for (const slug of ['draft', 'nowhere']) {
      const response = await app.subscribe(slug, { email: 'reader@example.test' });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(NOT_AVAILABLE);
    }
  });
});

describe('the plan limit', () => {
  it('refuses the free plan’s 101st subscriber with a 403 page; Starter takes more', async () => {
    const page = await app.page(owner, 'acme');
    await insertSubscribers(page.id, 100);
    const full = await app.subscribe('acme', { email: 'late@example.test' });
    expect(full.status).toBe(403);
    expect(await full.text()).toContain(
      'This status page has reached its limit of 100 subscribers. Its owner can raise it by upgrading their plan.',
    );
    await app.t.grant(owner.id, 'starter');
    expect((await app.subscribe('acme', { email: 'late@example.test' })).status).toBe(200);
  });

  it('does not count sign-ups left unconfirmed for seven days: they are removed', async () => {
    const page = await app.page(owner, 'acme');
    await insertSubscribers(page.id, 100, NOW - 8 * DAY);
    expect((await app.subscribe('acme', { email: 'new@example.test' })).status).toBe(200);
    expect((await subscribers()).map((row) => row.address)).toEqual(['new@example.test']);
  });
});

describe('the rate limits', () => {
  it('allow five sign-ups an hour from one address, then answer 429 with Retry-After', async () => {
    await app.page(owner, 'acme');
    for (let i = 0; i < 5; i++) {
      expect((await app.subscribe('acme', { email: `r${i}@example.test` })).status).toBe(200);
    }
    const refused = await app.subscribe('acme', { email: 'r5@example.test' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(30 * 60));
    expect(await refused.text()).toContain(
      'Too many sign-ups from your address or for this page. Try again in 30 minutes.',
    );
    expect((await app.subscribe('acme', { email: 'r5@example.test' }, '198.51.100.2')).status).toBe(200);
    app.clock.advance(HOUR);
    expect((await app.subscribe('acme', { email: 'r6@example.test' })).status).toBe(200);
    expect(await subscribers()).toHaveLength(7);
  });

  it('allow a hundred sign-ups an hour per page, whatever the addresses', async () => {
    await app.t.grant(owner.id, 'pro');
    await app.page(owner, 'acme');
    for (let i = 0; i < 100; i++) {
      const response = await app.subscribe('acme', { email: `r${i}@example.test` }, `198.51.100.${i}`);
      expect(response.status).toBe(200);
    }
    expect((await app.subscribe('acme', { email: 'more@example.test' }, '192.0.2.1')).status).toBe(429);
    await app.page(owner, 'other');
    expect((await app.subscribe('other', { email: 'more@example.test' }, '192.0.2.1')).status).toBe(200);
  });
});

describe('signing up again', () => {
  it('replaces an unconfirmed request (its link stops working) and sends nothing for a confirmed one', async () => {
    await app.page(owner, 'acme');
    await app.subscribe('acme', { email: 'reader@example.test' });
    await app.notify();
    const [first] = await app.outbox(owner);
    await app.subscribe('acme', { email: 'READER@example.test' });
    await app.notify();
    const [second] = await app.outbox(owner);
    expect(await subscribers()).toHaveLength(1);
    expect((await app.get(pathIn(first?.text ?? '', '/status/acme/confirm/'))).status).toBe(410);
    expect((await app.get(pathIn(second?.text ?? '', '/status/acme/confirm/'))).status).toBe(200);

    const again = await app.subscribe('acme', { email: 'reader@example.test' });
    expect(await again.text()).toContain('We sent a confirmation link to reader@example.test.');
    await app.notify();
    expect(await app.outbox(owner)).toHaveLength(2);
  });
});

describe('the links', () => {
  it('refuse a changed token with 400 and a confirmation older than seven days with 410', async () => {
    const page = await app.page(owner, 'acme');
    await app.subscribe('acme', { email: 'reader@example.test' });
    const [row] = await subscribers();
    const links = subscriberLinks('', TEST_SECRET, 'acme', row?.id ?? '');
    const changed = await app.get(`${links.confirm.slice(0, -2)}xx`);
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain(
      'This link is not valid: it was changed or cut short. Nothing was changed.',
    );
    // A token for one page does not work under another page's address.
    await app.page(owner, 'other');
    expect((await app.get(links.confirm.replace('/acme/', '/other/'))).status).toBe(400);
    app.clock.advance(7 * DAY + 1);
    const late = await app.get(links.confirm);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain(
      'Confirmation links work for seven days. Subscribe again on the status page.',
    );
    expect(page.id).toBe(row?.status_page_id);
  });

  it('unsubscribes only on POST: the GET shows a button, and a used link says it is done', async () => {
    await app.page(owner, 'acme');
    await app.subscribe('acme', { email: 'reader@example.test' });
    const [row] = await subscribers();
    const { unsubscribe } = subscriberLinks('', TEST_SECRET, 'acme', row?.id ?? '');
    const shown = await app.get(unsubscribe);
    expect(await shown.text()).toContain(
      `<form method="post" action="${unsubscribe}"><button type="submit">Unsubscribe</button></form>`,
    );
    expect(await subscribers()).toHaveLength(1);
    expect((await app.get(unsubscribe, { method: 'POST' })).status).toBe(200);
    expect(await subscribers()).toEqual([]);
    const used = await app.get(unsubscribe);
    expect(used.status).toBe(200);
    expect(await used.text()).toContain('You will get no more updates about Acme.');
    expect((await app.get(`${unsubscribe}x`, { method: 'POST' })).status).toBe(400);
  });
});
