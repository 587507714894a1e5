import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../../platform/http/compress-json.ts';
import { createUser } from '../../test/factories.ts';
import { listen } from '../../test/listen.ts';
import { readSse } from '../../test/sse-reader.ts';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { precompressDir } from './precompress.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function bodyBytes(response: Response): Promise<Buffer> {
  const raw = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  expect(encoding).toBeNull();
  return raw;
}

describe('the built web app', () => {
  let dist: string;
  const script = `export const routes = [${Array.from({ length: 200 }, (_, i) => `"/monitors/${i}"`).join(',')}];`;
  const html = `<!doctype html><html><head><title>Upwatch</title>${'<meta name="x" content="y" />'.repeat(20)}</head><body><div id="root"></div></body></html>`;

  beforeEach(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'upwatch-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'assets', 'index-3f9a1c7b.js'), script);
    writeFileSync(
      path.join(dist, 'assets', 'logo-ab12cd34.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    );
    await precompressDir(dist);
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const get = (url: string, acceptEncoding?: string) =>
    buildApp(t.database, {}, { webDistDir: dist }).app.request(
      url,
      acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {},
    );

  it('writes brotli and gzip variants beside text files, never beside images', () => {
    for (const file of ['index.html', 'assets/index-3f9a1c7b.js']) {
      expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(path.join(dist, 'assets/logo-ab12cd34.png.br'))).toBe(false);
  });

  it('sends a hashed asset as br, gzip or identity by Accept-Encoding, cached immutably', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      [undefined, null],
      ['identity', null],
    ] as const;
    for (const [accept, encoding] of cases) {
      const response = await get('/assets/index-3f9a1c7b.js', accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('content-type'), accept).toContain('javascript');
      expect(response.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      expect((await bodyBytes(response)).toString(), accept).toBe(script);
    }
  });

  it('serves index.html compressed and no-cache, for / and for client routes', async () => {
    for (const route of ['/', '/dashboard/monitors/abc/uptime', '/index.html']) {
      const response = await get(route, 'br, gzip');
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-encoding'), route).toBe('br');
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(response.headers.get('vary'), route).toBe('Accept-Encoding');
      expect((await bodyBytes(response)).toString(), route).toBe(html);
    }
    const gzipped = await get('/settings', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect((await bodyBytes(gzipped)).toString()).toBe(html);
  });

  it('sends images as they are, and 404s an old asset name instead of index.html', async () => {
    const image = await get('/assets/logo-ab12cd34.png', 'br, gzip');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(
      readFileSync(path.join(dist, 'assets/logo-ab12cd34.png')),
    );
    const stale = await get('/assets/index-00000000.js', 'br');
    expect(stale.status).toBe(404);
    expect(stale.headers.get('cache-control')).toBeNull();
  });
});

describe('JSON API answers', () => {
  async function createMonitors(cookie: string, count: number) {
    for (let i = 0; i < count; i++) {
      const response = await t.request('/api/v1/monitors', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Shop ${i}`, url: `https://shop-${i}.example.com/health` }),
      });
      expect(response.status).toBe(201);
    }
  }

  it('gzips a list over 1 KiB when the client accepts gzip, and decodes to the same JSON', async () => {
    const user = await createUser(t.auth);
    await createMonitors(user.cookie, 4);
    const headers = { cookie: user.cookie };
    const plain = await t.request('/api/v1/monitors', { headers });
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const response = await t.request('/api/v1/monitors', {
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    // Compressed whole, so its length is known and it leaves in one piece, not chunked.
    const zipped = Buffer.from(await response.clone().arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(zipped.byteLength));
    expect(zipped.byteLength).toBeLessThan(plainText.length);
    const bytes = await bodyBytes(response);
    expect(JSON.parse(bytes.toString())).toEqual(JSON.parse(plainText));

    const refused = await t.request('/api/v1/monitors', {
      headers: { ...headers, 'accept-encoding': 'gzip;q=0, br' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plainText);
  });

  it('sends JSON under 1 KiB uncompressed, with its length', async () => {
    const response = await t.request('/api/v1/public-config', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    const text = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text).testMode).toBe(true);
  });

  // Public status pages gzip their cached bytes themselves; public-cache.test.ts proves one
  // gunzip gives the page through the whole app, this middleware included.
});

describe('the event stream', () => {
  it('is never compressed: each event reaches the client as it is written', async () => {
    const server = await listen(t.app);
    try {
      const user = await createUser(t.auth);
      const response = await fetch(`${server.url}/api/v1/events`, {
        headers: { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      const stream = readSse(response);
      try {
        // A compressor would hold this small first event in its buffer.
        await stream.next((event) => event.event === 'ready');
      } finally {
        stream.close();
      }
    } finally {
      await server.close();
    }
  });
});
