import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_MARKER } from '../../../core/prerender.ts';
import { createUser } from '../../test/factories.ts';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { inlineScriptHashes, PERMISSIONS_POLICY, SERVER_PAGE_POLICY } from './security-headers.ts';

const LOADER = "(function(){document.documentElement.dataset.loader='ran'})()";
const SHELL =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const LANDING = `<!doctype html><html><body><div id="root"><h1>Landing</h1></div><script id="state" type="application/json">{"a":1}</script>${PUBLIC_CONFIG_MARKER}<script>${LOADER}</script></body></html>`;
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let t: TestApp;
let dist: string;
let app: TestApp['app'];
beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), 'upwatch-dist-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'prerendered', 'landing.html'), LANDING);
  writeFileSync(path.join(dist, 'prerendered', 'pricing.html'), LANDING);
  app = buildApp(t.database, {}, { webDistDir: dist }).app;
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('the app’s own security headers', () => {
  it('give the SPA shell a CSP with scripts from its own origin only, and a Permissions-Policy', async () => {
    const response = await app.request('/dashboard');
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });

  it('allow a prerendered page’s inline loader by its hash, and nothing else inline', async () => {
    const response = await app.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", hash(LOADER)]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  });

  it('send Permissions-Policy on API answers, and leave a status page’s own CSP as it set it', async () => {
    const api = await app.request('/api/v1/public-config');
    expect(api.status).toBe(200);
    expect(api.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    const owner = await createUser(t.auth);
    const send = (url: string, body: unknown) =>
      t.request(`/api/v1${url}`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const monitor = (await (
      await send('/monitors', { name: 'Web', url: 'https://web.example.com' })
    ).json()) as {
      id: string;
    };
    const page = { name: 'Acme', slug: 'acme-csp', monitors: [{ monitorId: monitor.id }], published: true };
    expect((await send('/status-pages', page)).status).toBe(201);
    const status = await app.request('/status/acme-csp');
    expect(status.status).toBe(200);
    const csp = directives(status.headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']?.every((source: string) => source.startsWith("'sha256-"))).toBe(true);
  });

  it('give the server-rendered message pages a policy that runs no script', async () => {
    const response = await app.request('/ack/not-a-token');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toBe(SERVER_PAGE_POLICY);
    const csp = directives(SERVER_PAGE_POLICY);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toBeUndefined();
  });

  it('hash only scripts a browser runs: not data blocks, not external files', () => {
    const html = `<script type="application/json">{}</script><script src="/a.js"></script><script type="module">${LOADER}</script><script>${LOADER}</script>`;
    expect(inlineScriptHashes(html)).toEqual([hash(LOADER)]);
  });
});
