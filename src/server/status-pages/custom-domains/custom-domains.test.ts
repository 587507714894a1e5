// Custom domains against a real DNS server on 127.0.0.1 (DNS_RESOLVER points at it): a page is
// served on its hostname only once the TXT record verified, and the `ask` endpoint agrees.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../checks/test/dns-server.ts';
import type { TestUser } from '../../test/factories.ts';
import { createStatusApp, NOT_AVAILABLE, NOW, type StatusApp } from '../test/status-app.ts';

const HOST = 'status.example.test';
const CHALLENGE = `_upwatch-challenge.${HOST}`;

interface DomainState {
  hostname: string;
  verified: boolean;
  verifiedAt: number | null;
  checkedAt: number | null;
  checkError: string | null;
  records: { cname: { name: string; value: string }; txt: { name: string; value: string } };
}
type Page = { id: string; customDomain: DomainState | null };

let dns: TestDnsServer;
let s: StatusApp;
let owner: TestUser;
/** A built web app, so a Host falling through to Upwatch would get its shell. */
let dist: string;
const APP_SHELL = '<!doctype html><title>Upwatch</title><div id="root"></div>';

beforeAll(async () => {
  dns = await startDnsServer({ records: {} });
  dist = mkdtempSync(path.join(tmpdir(), 'upwatch-dist-'));
  writeFileSync(path.join(dist, 'index.html'), APP_SHELL);
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  return dns.close();
});
afterEach(async () => {
  await s?.close();
});

async function setUp() {
  s = await createStatusApp({ dnsResolver: { address: dns.address, port: dns.port } }, { webDistDir: dist });
  owner = await s.user();
  const shop = await s.monitor(owner, 'Shop');
  const page = await s.page(owner, {
    name: 'Acme',
    slug: 'acme',
    published: true,
    monitors: [{ monitorId: shop.id }],
  });
  return { shop, page };
}

const setDomain = async (id: string, customDomain: string | null, as = owner) =>
  s.send(as, 'PATCH', `/status-pages/${id}`, { customDomain });
const verify = async (id: string) =>
  s.ok<Page>(await s.send(owner, 'POST', `/status-pages/${id}/custom-domain/verify`));
const atHost = (path: string, host = HOST) => s.t.app.request(`http://${host}${path}`);
const ask = (domain: string) =>
  s.t.app.request(`http://localhost:3000/api/custom-domains/allowed?domain=${encodeURIComponent(domain)}`);

describe('a custom domain', () => {
  it('shows the CNAME and TXT records to create, and serves the page there only once the TXT record verifies', async () => {
    const { page } = await setUp();
    const set = await s.ok<Page>(await setDomain(page.id, 'Status.Example.test.'));
    const domain = set.customDomain as DomainState;
    expect(domain).toMatchObject({
      hostname: HOST,
      verified: false,
      verifiedAt: null,
      checkedAt: null,
      checkError: null,
      records: { cname: { name: HOST, value: 'localhost' }, txt: { name: CHALLENGE } },
    });
    expect(domain.records.txt.value).toMatch(/^upwatch-verification=[0-9a-f]{32}$/);

    // Not verified: the hostname is not the page's, and the proxy may not get a certificate.
    expect(await (await atHost('/')).text()).not.toContain('<h1>Acme</h1>');
    const refused = await ask(HOST);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({
      error: {
        code: 'domain_not_allowed',
        message: `${HOST} is not the verified custom domain of a published status page.`,
      },
    });

    const missing = await verify(page.id);
    expect(missing.customDomain).toMatchObject({
      verified: false,
      checkedAt: NOW,
      checkError: `No TXT record at ${CHALLENGE} yet. DNS changes can take a few minutes to show; try again then.`,
    });
    expect(dns.queries).toContain(`${CHALLENGE} TXT`);

    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: 'upwatch-verification=someone-else' }] } };
    const wrong = await verify(page.id);
    expect(wrong.customDomain?.checkError).toBe(
      `The TXT record at ${CHALLENGE} holds "upwatch-verification=someone-else", not "${domain.records.txt.value}".`,
    );
    expect((await ask(HOST)).status).toBe(404);

    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: domain.records.txt.value }] } };
    s.clock.advance(60_000);
    const verified = await verify(page.id);
    expect(verified.customDomain).toMatchObject({
      verified: true,
      verifiedAt: NOW + 60_000,
      checkedAt: NOW + 60_000,
      checkError: null,
    });

    const served = await atHost('/');
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    const html = await served.text();
    expect(html).toContain('<h1>Acme</h1>');
    expect(html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Acme incidents" href="/feed.atom">',
    );
    expect(html).toContain('<a href="/status.json">JSON</a>');
    expect((await ask(HOST)).status).toBe(200);
    expect((await ask('STATUS.example.test.')).status).toBe(200);
    // The page stays at PUBLIC_URL too.
    expect((await s.get('/status/acme')).status).toBe(200);
  });

  it('serves the JSON, the feed and the badges of its own monitors under the hostname, and nothing else', async () => {
    const { shop, page } = await setUp();
    const other = await s.monitor(owner, 'Other', { public: true });
    const domain = (await s.ok<Page>(await setDomain(page.id, HOST))).customDomain as DomainState;
    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: domain.records.txt.value }] } };
    await verify(page.id);

    const json = (await (await atHost('/status.json')).json()) as { page: { name: string; url: string } };
    expect(json.page).toMatchObject({ name: 'Acme', url: `http://${HOST}` });
    const feed = await atHost('/feed.atom');
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(
      `<link rel="self" type="application/atom+xml" href="http://${HOST}/feed.atom"/>`,
    );
    const badge = await atHost(`/badge/${shop.id}/status.svg`);
    expect(badge.status).toBe(200);
    expect(await badge.text()).toContain('aria-label="status: pending"');
    expect((await atHost(`/badge/${shop.id}/uptime.svg?period=7d`)).status).toBe(200);

    // Another monitor's badge, the app and its API are not at the customer's domain.
    for (const path of [`/badge/${other.id}/status.svg`, '/api/v1/monitors', '/dashboard', '/status/acme']) {
      const response = await atHost(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(NOT_AVAILABLE);
    }
  });

  it("asks for a private page's password at its domain, sets the cookie there, and lists no badges or feed", async () => {
    const { shop, page } = await setUp();
    await s.ok(
      await s.send(owner, 'PATCH', `/status-pages/${page.id}`, {
        access: 'password',
        password: 'open sesame 1',
      }),
    );
    const domain = (await s.ok<Page>(await setDomain(page.id, HOST))).customDomain as DomainState;
    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: domain.records.txt.value }] } };
    await verify(page.id);

    const form = await atHost('/');
    expect(form.status).toBe(401);
    expect(await form.text()).toContain('<form method="post" action="/access">');
    const entered = await s.t.app.request(`http://${HOST}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=open+sesame+1',
    });
    expect(entered.status).toBe(303);
    expect(entered.headers.get('location')).toBe('/');
    expect(entered.headers.get('set-cookie')).toContain('; Path=/; HttpOnly; SameSite=Lax');
    const cookie = (entered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const shown = await s.t.app.request(`http://${HOST}/`, { headers: { cookie } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    for (const path of [`/badge/${shop.id}/status.svg`, '/feed.atom', '/widget.js', '/embed']) {
      const response = await s.t.app.request(`http://${HOST}${path}`, { headers: { cookie } });
      expect(response.status, path).toBe(404);
    }

    // Members only: a custom domain carries no Upwatch session, so it points to the page under PUBLIC_URL.
    await s.ok(await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { access: 'members' }));
    const members = await atHost('/');
    expect(members.status).toBe(401);
    expect(await members.text()).toContain('href="http://localhost:3000/status/acme">Sign in to Upwatch</a>');
  });

  it('stops serving a hostname when it changes, and needs the new one verified', async () => {
    const { page } = await setUp();
    const first = (await s.ok<Page>(await setDomain(page.id, HOST))).customDomain as DomainState;
    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: first.records.txt.value }] } };
    await verify(page.id);
    expect((await atHost('/')).status).toBe(200);

    const moved = (await s.ok<Page>(await setDomain(page.id, 'uptime.example.test'))).customDomain;
    expect(moved).toMatchObject({ hostname: 'uptime.example.test', verified: false });
    expect(moved?.records.txt.value).not.toBe(first.records.txt.value);
    expect(await (await atHost('/')).text()).not.toContain('<h1>Acme</h1>');
    expect(await (await atHost('/', 'uptime.example.test')).text()).not.toContain('<h1>Acme</h1>');
    expect((await ask(HOST)).status).toBe(404);
    // A host that is no verified page's is Upwatch as before.
    expect((await atHost('/api/v1/public-config', HOST)).status).toBe(200);

    const removed = await s.ok<Page>(await setDomain(page.id, null));
    expect(removed.customDomain).toBeNull();
  });

  it('shows only "not available" at an unpublished page\'s domain, and the ask endpoint refuses it until it is published again', async () => {
    const { page } = await setUp();
    const domain = (await s.ok<Page>(await setDomain(page.id, HOST))).customDomain as DomainState;
    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: domain.records.txt.value }] } };
    await verify(page.id);
    expect((await ask(HOST)).status).toBe(200);
    // Upwatch itself still serves its shell where it lives.
    expect(await (await s.get('/signin')).text()).toBe(APP_SHELL);

    await s.ok(await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { published: false }));
    for (const path of [
      '/',
      '/signin',
      '/dashboard',
      '/api/v1/public-config',
      '/api/v1/monitors',
      '/feed.atom',
    ]) {
      const response = await atHost(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(NOT_AVAILABLE);
      expect(html, path).not.toContain('<title>Upwatch</title>');
    }
    const json = await atHost('/status.json');
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(await json.json()).toEqual({
      error: { code: 'status_page_not_available', message: NOT_AVAILABLE },
    });
    const signIn = await s.t.app.request(`http://${HOST}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://${HOST}` },
      body: JSON.stringify({ email: owner.email, password: 'whatever it is' }),
    });
    expect(signIn.status).toBe(404);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    expect(await signIn.text()).toContain(NOT_AVAILABLE);

    const refused = await ask(HOST);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({
      error: {
        code: 'domain_not_allowed',
        message: `${HOST} is not the verified custom domain of a published status page.`,
      },
    });
    expect((await ask('nobody.example.test')).status).toBe(404);

    await s.ok(await s.send(owner, 'PATCH', `/status-pages/${page.id}`, { published: true }));
    const served = await atHost('/');
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('<h1>Acme</h1>');
    const restored = await atHost('/status.json');
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { page: { name: string } }).page.name).toBe('Acme');
    expect((await ask(HOST)).status).toBe(200);

    // A JSON path the page does not have is a JSON 404 there too.
    const other = await atHost('/other.json');
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe(
      'status_page_not_available',
    );

    expect((await s.send(owner, 'DELETE', `/status-pages/${page.id}`)).status).toBe(204);
    expect((await ask(HOST)).status).toBe(404);
  });

  it('belongs to one page only once verified, and must be a hostname', async () => {
    const { page } = await setUp();
    const domain = (await s.ok<Page>(await setDomain(page.id, HOST))).customDomain as DomainState;
    dns.zone = { records: { [`${CHALLENGE} TXT`]: [{ data: domain.records.txt.value }] } };
    await verify(page.id);
    const rival = await s.user();
    const theirs = await s.page(rival, { name: 'Rival', slug: 'rival' });
    const taken = await setDomain(theirs.id, HOST, rival);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: 'domain_taken', message: 'Another status page already uses this domain.' },
    });

    for (const bad of ['https://status.example.com/', 'status', '192.0.2.1', 'status.example.com/path']) {
      const response = await setDomain(page.id, bad);
      expect(response.status, bad).toBe(422);
      expect(await response.json(), bad).toEqual({
        error: {
          code: 'validation_failed',
          message: 'customDomain: Enter a hostname such as status.example.com, without https:// or a path.',
        },
      });
    }
  });

  it('answers the ask endpoint 400 without a domain and 409 when verifying a page without one', async () => {
    const { page } = await setUp();
    const bare = await s.t.app.request('/api/custom-domains/allowed');
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({
      error: { code: 'validation_failed', message: 'domain: Give the hostname to ask about.' },
    });
    const none = await s.send(owner, 'POST', `/status-pages/${page.id}/custom-domain/verify`);
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({
      error: { code: 'no_custom_domain', message: 'Set a custom domain on this page before verifying it.' },
    });
  });
});
