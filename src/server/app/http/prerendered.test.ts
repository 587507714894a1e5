import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ID, PUBLIC_CONFIG_MARKER, PUBLIC_URL_TOKEN } from '../../../core/prerender.ts';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { fillPage } from './prerendered.ts';

const PUBLIC_URL = 'https://status.example.com';
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const page = (name: string) =>
  `<!doctype html><html><body><div id="root"><h1>${name}</h1><pre>curl ${PUBLIC_URL_TOKEN}/api/v1/deployments</pre></div>${PUBLIC_CONFIG_MARKER}</body></html>`;

let t: TestApp;
let dist: string;
beforeEach(async () => {
  t = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), 'upwatch-dist-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'prerendered', 'landing.html'), page('Landing'));
  writeFileSync(path.join(dist, 'prerendered', 'pricing.html'), page('Pricing'));
});
afterEach(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  buildApp(t.database, { publicUrl: PUBLIC_URL }, { webDistDir: dist }).app.request(url, { headers });

async function text(response: Response): Promise<string> {
  const raw = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

describe('prerendered pages', () => {
  it('gives visitors / and /pricing as prerendered HTML with this server’s public URL and config', async () => {
    for (const [route, name] of [
      ['/', 'Landing'],
      ['/pricing', 'Pricing'],
    ]) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const response = await get(route as string, { 'accept-encoding': accept });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
        const html = await text(response);
        expect(html).toContain(`<h1>${name}</h1>`);
        expect(html).toContain(`curl ${PUBLIC_URL}/api/v1/deployments`);
        expect(html).not.toContain(PUBLIC_URL_TOKEN);
        expect(html).toContain(`<script id="${PUBLIC_CONFIG_ID}" type="application/json">`);
        expect(html).toContain(`"publicUrl":"${PUBLIC_URL}"`);
      }
    }
  });

  it('gives a visitor with a session cookie the app shell, which sends a signed-in user on', async () => {
    for (const name of ['better-auth.session_token', '__Secure-better-auth.session_token']) {
      const response = await get('/', { cookie: `theme=dark; ${name}=abc.def` });
      expect(await text(response)).toBe(SHELL);
    }
  });

  it('gives /pricing as the app shell with hosted billing, whose prices are its own, and / as before', async () => {
    const hosted = buildApp(
      t.database,
      {
        publicUrl: PUBLIC_URL,
        billing: { kind: 'autumn', apiUrl: 'http://127.0.0.1:9/v1', secretKey: 'am_sk_test' },
      },
      { webDistDir: dist },
    ).app;
    expect(await text(await hosted.request('/pricing'))).toBe(SHELL);
    expect(await text(await hosted.request('/'))).toContain('<h1>Landing</h1>');
  });

  it('never serves the templates themselves', async () => {
    expect((await get('/prerendered/landing.html')).status).toBe(404);
  });

  it('falls back to the app shell when the build has no prerendered page', async () => {
    rmSync(path.join(dist, 'prerendered'), { recursive: true });
    expect(await text(await get('/pricing'))).toBe(SHELL);
  });

  it('escapes the public URL in HTML and the config in its script element', () => {
    const filled = fillPage(page('x'), {
      githubSignIn: false,
      publicUrl: 'https://a.example/?q=1&r=</script>',
      testMode: false,
    });
    expect(filled).toContain('curl https://a.example/?q=1&amp;r=&lt;/script&gt;/api');
    expect(filled).toContain('"publicUrl":"https://a.example/?q=1&r=\\u003c/script>"');
  });
});
