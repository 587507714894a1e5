// /rum.js as a customer's page loads it (issue 42, item 1): from another origin, compressed,
// cached an hour under its plain name and for good under its versioned one, with no cookie.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const SCRIPT = '(function(){/* the built snippet */})();\n';

it('serves the built snippet cross-origin, gzipped, cached an hour, and immutable under its version', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'upwatch-rum-'));
  writeFileSync(path.join(dist, 'rum.js'), SCRIPT);
  t = await createTestApp({}, { webDistDir: dist });
  const latest = await t.app.request('/rum.js', { headers: { 'accept-encoding': 'gzip' } });
  expect(latest.status).toBe(200);
  expect(latest.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(latest.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
  expect(latest.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(latest.headers.get('set-cookie')).toBeNull();
  expect(latest.headers.get('content-encoding')).toBe('gzip');
  expect(gunzipSync(Buffer.from(await latest.arrayBuffer())).toString()).toBe(SCRIPT);

  const etag = latest.headers.get('etag') ?? '';
  const version = etag.replaceAll('"', '');
  expect(version).toMatch(/^[0-9a-f]{12}$/);
  const versioned = await t.app.request(`/rum-${version}.js`);
  expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(await versioned.text()).toBe(SCRIPT);
  expect((await t.app.request('/rum.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
  expect((await t.app.request('/rum-000000000000.js')).status).not.toBe(200);
});
