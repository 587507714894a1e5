import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser } from '../test/factories.ts';
import { buildApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { QueryCounter } from './test/query-counter.ts';
import { NOW } from './test/status-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
});

async function setup() {
  database = await createTestDatabase();
  const counter = new QueryCounter();
  const clock = new ManualClock(NOW);
  const { app, auth } = buildApp({ ...database, db: database.db.withPlugin(counter) }, {}, { clock });
  const user = await createUser(auth);
  const call = (method: string, path: string, body?: unknown) =>
    app.request(`/api/v1${path}`, {
      method,
      headers: { cookie: user.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const monitors = [];
  for (const name of ['Shop', 'API', 'Search']) {
    const response = await call('POST', '/monitors', {
      name,
      url: `https://${name.toLowerCase()}.example.com`,
      public: true,
    });
    monitors.push(((await response.json()) as { id: string }).id);
  }
  const page = await call('POST', '/status-pages', {
    name: 'Acme',
    slug: 'acme',
    published: true,
    showResponseTimes: true,
    monitors: monitors.map((monitorId) => ({ monitorId })),
  });
  expect(page.status).toBe(201);
  return { app, clock, counter, call, monitors };
}

it('answers 100 requests inside the 10-second window with one round of queries, and a new round after it', async () => {
  const { app, clock, counter, monitors } = await setup();
  const paths = [
    '/status/acme',
    '/status/acme.json',
    '/status/acme/feed.atom',
    `/status/monitor/${monitors[0]}`,
    `/badge/${monitors[0]}/uptime.svg?period=7d`,
  ];
  for (const path of paths) {
    counter.count = 0;
    const first = await app.request(path);
    expect(first.status, path).toBe(200);
    const body = await first.text();
    const oneRound = counter.count;
    expect(oneRound, path).toBeGreaterThan(0);
    // Bounded whatever the number of monitors and days: page, monitors, rollups, incidents,
    // maintenance windows.
    expect(oneRound, path).toBeLessThanOrEqual(6);

    counter.count = 0;
    clock.advance(9_000);
    const burst = await Promise.all(Array.from({ length: 50 }, () => app.request(path)));
    for (let i = 0; i < 49; i++) burst.push(await app.request(path));
    expect(burst.map((response) => response.status)).toEqual(Array(99).fill(200));
    expect(await burst[98]?.text()).toBe(body);
    expect(counter.count, path).toBe(0);

    clock.advance(1_000);
    await (await app.request(path)).text();
    expect(counter.count, path).toBe(oneRound);
    clock.advance(10_000);
  }
});

it('shares one build between 100 concurrent requests when the window has expired', async () => {
  const { app, clock, counter } = await setup();
  counter.count = 0;
  await (await app.request('/status/acme')).text();
  const oneRound = counter.count;
  clock.advance(10_000);
  counter.count = 0;
  const responses = await Promise.all(Array.from({ length: 100 }, () => app.request('/status/acme')));
  expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
  expect(counter.count).toBe(oneRound);
});

it('sends Cache-Control and a strong ETag, 304 on If-None-Match, and gzip when accepted', async () => {
  const { app, clock } = await setup();
  const first = await app.request('/status/acme');
  const html = await first.text();
  const etag = first.headers.get('etag') ?? '';
  expect(first.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
  expect(etag).toMatch(/^"[\w-]{20,}"$/);
  expect(first.headers.get('vary')).toBe('Accept-Encoding');

  const again = await app.request('/status/acme', { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
  const other = await app.request('/status/acme', { headers: { 'if-none-match': '"something-else"' } });
  expect(other.status).toBe(200);

  const zipped = await app.request('/status/acme', { headers: { 'accept-encoding': 'gzip, br' } });
  expect(zipped.headers.get('content-encoding')).toBe('gzip');
  expect(zipped.headers.get('etag')).not.toBe(etag);
  expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(html);

  // A strong validator: the hash of the bytes sent, so it changes exactly when the page does.
  const digest = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  expect(etag).toBe(`"${digest}"`);
  clock.advance(10_000);
  const rebuilt = await app.request('/status/acme');
  const rebuiltHtml = await rebuilt.text();
  expect(rebuiltHtml).not.toBe(html);
  expect(rebuilt.headers.get('etag')).toBe(
    `"${createHash('sha256').update(rebuiltHtml).digest('base64url').slice(0, 27)}"`,
  );
});
