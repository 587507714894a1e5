import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { buildApp, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('API errors', () => {
  it('answers an unknown /api path with the JSON 404 shape', async () => {
    const response = await t.request('/api/x');
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/x');
  });

  it('answers a malformed JSON body with 400 invalid_json, on our routes and on auth routes', async () => {
    for (const url of ['/api/v1/me', '/api/auth/sign-in/email']) {
      const response = await t.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": "a@b.c", ',
      });
      expect(response.status, url).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_json');
    }
  });

  it('answers a 2 MiB body with 413 payload_too_large', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatchObject({ code: 'payload_too_large' });
    expect(await t.database.db.selectFrom('user').select('id').execute()).toHaveLength(0);
  });
});

describe('/api/v1/me', () => {
  it('is 401 with the error shape when signed out', async () => {
    const response = await t.request('/api/v1/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to continue.' },
    });
  });

  it("returns only the session's own user", async () => {
    const ada = await createUser(t.auth, { name: 'Ada', timezone: 'Europe/London' });
    const bob = await createUser(t.auth, { name: 'Bob' });
    const response = await t.request('/api/v1/me', { headers: { cookie: ada.cookie } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: ada.id, name: 'Ada', email: ada.email, timezone: 'Europe/London' });
    expect(body.id).not.toBe(bob.id);
    expect(typeof body.createdAt).toBe('number');
  });
});

describe('public config and API document', () => {
  it('tells the sign-in screen whether GitHub sign-in is available', async () => {
    expect(await (await t.request('/api/v1/public-config')).json()).toEqual({
      githubSignIn: false,
      publicUrl: TEST_PUBLIC_URL,
      testMode: true,
    });
    const withGithub = await createTestApp({ github: { clientId: 'id', clientSecret: 'secret' } });
    try {
      expect((await (await withGithub.request('/api/v1/public-config')).json()).githubSignIn).toBe(true);
    } finally {
      await withGithub.close();
    }
  });

  it('serves an OpenAPI 3.1 document generated from the route declarations', async () => {
    const doc = await (await t.request('/api/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/me', '/public-config']));
  });
});

describe('the web app', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'upwatch-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.info(1)');
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const appWithDist = () => buildApp(t.database, {}, { webDistDir: dist }).app;

  it('serves index.html for client routes and long-cached assets, but never for /api paths', async () => {
    const app = appWithDist();
    for (const route of ['/', '/dashboard/monitors/abc/uptime', '/no-such-page']) {
      const page = await app.request(route);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
    const asset = await app.request('/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const stale = await app.request('/assets/app-0000.js');
    expect(stale.status).toBe(404);
    expect(stale.headers.get('cache-control')).toBeNull();
    expect((await app.request('/api/nope')).headers.get('content-type')).toContain('application/json');
  });

  it('explains how to build when the web app has not been built', async () => {
    const page = await t.request('/dashboard');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
  });
});
