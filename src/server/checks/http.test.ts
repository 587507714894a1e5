import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { tableResolver } from '../platform/net/test/loopback-only.ts';
import { httpCheckRunner as runner } from './http.ts';
import { USER_AGENT } from './http-request.ts';
import { closedAfterEach, startTarget, testContext } from './test/targets.ts';

const target = closedAfterEach();

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = (res: ServerResponse, body = 'ok') => res.end(body);

describe('httpCheckRunner: a healthy target', () => {
  it('reports up with the status, size, final URL and a User-Agent naming Upwatch', async () => {
    let seen: IncomingHttpHeaders = {};
    const { origin } = await target((req, res) => {
      seen = req.headers;
      ok(res, 'hello world');
    });
    const result = await runner.run({ url: `${origin}/health?x=1` }, testContext());
    expect(result).toMatchObject({
      status: 'up',
      failure: null,
      statusCode: 200,
      responseBytes: 11,
      bodyTruncated: false,
      finalUrl: `${origin}/health?x=1`,
      redirects: 0,
      tls: null,
      region: 'test',
    });
    expect(seen['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Upwatch\/\d+\.\d+\.\d+ \(\+https:\/\/upwatch\.dev\)$/);
  });

  it('sends the configured method, headers and body, and lets a header override the User-Agent', async () => {
    let received = { method: '', body: '', type: '', agent: '' };
    const { origin } = await target(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received = {
        method: req.method ?? '',
        body,
        type: req.headers['content-type'] ?? '',
        agent: req.headers['user-agent'] ?? '',
      };
      res.writeHead(201).end();
    });
    const result = await runner.run(
      {
        url: origin,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'custom' },
        body: '{"a":1}',
      },
      testContext(),
    );
    expect(result.statusCode).toBe(201);
    expect(received).toEqual({ method: 'POST', body: '{"a":1}', type: 'application/json', agent: 'custom' });
  });

  it('opens a fresh connection for every check', async () => {
    let connections = 0;
    const started = await target((_req, res) => ok(res));
    started.server.on('connection', () => {
      connections += 1;
    });
    for (let i = 0; i < 3; i++) await runner.run({ url: started.origin }, testContext());
    expect(connections).toBe(3);
  });

  it('closes the connection once the response is in, though the server would keep it open', async () => {
    const started = await target((_req, res) => ok(res));
    started.server.keepAliveTimeout = 60_000;
    const closed = new Promise<void>((resolve) => {
      started.server.once('connection', (socket) => socket.once('close', () => resolve()));
    });
    await runner.run({ url: started.origin }, testContext());
    await expect(Promise.race([closed.then(() => 'closed'), delay(1000)])).resolves.toBe('closed');
  });

  it('skips an interim 103 Early Hints response: judges and times the final one', async () => {
    const { origin } = await target(async (_req, res) => {
      res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      await delay(200);
      res.writeHead(204).end();
    });
    const result = await runner.run({ url: origin, expectedStatus: '204' }, testContext());
    expect(result).toMatchObject({ status: 'up', statusCode: 204, responseBytes: 0 });
    expect(result.timings.ttfbMs).toBeGreaterThanOrEqual(180);
    expect(result.timings.downloadMs).toBeLessThan(100);
  });

  it('follows redirects, reporting the final URL and the number of hops', async () => {
    const { origin } = await target((req, res) => {
      if (req.url === '/a') return res.writeHead(301, { location: '/b' }).end();
      if (req.url === '/b') return res.writeHead(302, { location: `${origin}/c` }).end();
      ok(res, 'landed');
    });
    const result = await runner.run({ url: `${origin}/a` }, testContext());
    expect(result).toMatchObject({ status: 'up', statusCode: 200, finalUrl: `${origin}/c`, redirects: 2 });
  });

  it('judges the redirect itself when redirects are not followed', async () => {
    const { origin } = await target((_req, res) => res.writeHead(301, { location: '/elsewhere' }).end());
    const result = await runner.run(
      { url: origin, followRedirects: false, expectedStatus: '200-299' },
      testContext(),
    );
    expect(result).toMatchObject({ statusCode: 301, redirects: 0, status: 'down' });
    expect(result.failure).toEqual({ code: 'status_mismatch', message: 'Expected status 200-299, got 301.' });
  });

  it('reports degraded when slower than the threshold, up when faster', async () => {
    const { origin } = await target(async (_req, res) => {
      await delay(60);
      ok(res);
    });
    expect((await runner.run({ url: origin, degradedAboveMs: 30 }, testContext())).status).toBe('degraded');
    expect((await runner.run({ url: origin, degradedAboveMs: 5000 }, testContext())).status).toBe('up');
  });

  it('stamps the result with the injected clock and region', async () => {
    const { origin } = await target((_req, res) => ok(res));
    const result = await runner.run(
      { url: origin },
      testContext({}, { clock: new ManualClock(1_700_000_000_000) }),
    );
    expect(result.startedAt).toBe(1_700_000_000_000);
  });
});

describe('httpCheckRunner: timing breakdown', () => {
  it('measures a 300 ms first-byte delay as TTFB within 20 ms, and the parts add up to the total', async () => {
    // What the target really waited: on a busy machine its 300 ms timer fires late, and the
    // runner must measure that wait, not the one asked for.
    let waited = 0;
    const { origin } = await target(async (_req, res) => {
      const arrived = performance.now();
      await delay(300);
      waited = performance.now() - arrived;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('late');
    });
    // The first request warms up the code paths; a worker pays that once, not on every check.
    await runner.run({ url: origin }, testContext());
    const ctx = testContext();
    const before = performance.now();
    const result = await runner.run({ url: origin }, ctx);
    const wall = performance.now() - before;
    const { dnsMs, connectMs, tlsMs, ttfbMs, downloadMs, totalMs } = result.timings;
    expect(waited).toBeGreaterThanOrEqual(299);
    expect(ttfbMs).toBeGreaterThanOrEqual(Math.floor(waited));
    expect(ttfbMs - waited).toBeLessThanOrEqual(20);
    expect(dnsMs + connectMs + tlsMs + ttfbMs + downloadMs).toBe(totalMs);
    // The total is the run's own wall time, less only the set-up before the first mark.
    expect(totalMs).toBeLessThanOrEqual(Math.ceil(wall));
    expect(wall - totalMs).toBeLessThan(25);
    expect(tlsMs).toBe(0);
  });

  it('puts a slow body into download, not TTFB', async () => {
    let paused = 0;
    const { origin } = await target(async (_req, res) => {
      res.writeHead(200);
      res.write('first');
      const wrote = performance.now();
      await delay(200);
      paused = performance.now() - wrote;
      res.end('last');
    });
    const { timings } = await runner.run({ url: origin }, testContext());
    expect(timings.ttfbMs).toBeLessThan(100);
    expect(paused).toBeGreaterThanOrEqual(199);
    expect(timings.downloadMs).toBeGreaterThanOrEqual(Math.floor(paused) - 1);
    expect(timings.downloadMs - paused).toBeLessThanOrEqual(20);
  });
});

describe('httpCheckRunner: failures from real conditions', () => {
  it('reports a closed port as connection_refused', async () => {
    const closed = await startTarget((_req, res) => ok(res));
    await closed.close();
    const result = await runner.run({ url: closed.origin }, testContext());
    expect(result).toMatchObject({ status: 'down', statusCode: null });
    expect(result.failure).toEqual({
      code: 'connection_refused',
      message: `Could not connect to 127.0.0.1:${closed.port} (connection refused).`,
    });
  });

  it('reports a connection reset in the middle of the body as connection_reset', async () => {
    const { origin, port } = await target((_req, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write('x'.repeat(1000), () => res.socket?.resetAndDestroy());
    });
    const result = await runner.run({ url: origin }, testContext());
    expect(result.failure).toEqual({
      code: 'connection_reset',
      message: `The connection was closed by 127.0.0.1:${port} while reading the response body.`,
    });
    expect(result.statusCode).toBeNull();
  });

  it('reports a socket destroyed before any response as connection_reset', async () => {
    const { origin, port } = await target((req) => req.socket.destroy());
    const result = await runner.run({ url: origin }, testContext());
    expect(result.failure).toEqual({
      code: 'connection_reset',
      message: `The connection was closed by 127.0.0.1:${port} while waiting for the response.`,
    });
  });

  it('reports a target that never answers as timeout after the configured time', async () => {
    const { origin } = await target(() => {});
    const before = performance.now();
    const result = await runner.run({ url: origin, timeoutMs: 200 }, testContext());
    expect(result.failure).toEqual({
      code: 'timeout',
      message: 'No answer within 200 ms (timed out waiting for the response).',
    });
    expect(performance.now() - before).toBeLessThan(1000);
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(195);
  });

  it('times out on the injected clock, so schedulers can test without waiting', async () => {
    let arrived: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const { origin } = await target(() => arrived());
    const clock = new ManualClock();
    const running = runner.run({ url: origin }, testContext({}, { clock }));
    await requestArrived;
    clock.advance(30_000);
    const result = await running;
    expect(result.failure).toEqual({
      code: 'timeout',
      message: 'No answer within 30 s (timed out waiting for the response).',
    });
  });

  it('caps the timeout at 60 s and at the context limit', async () => {
    const { origin } = await target(() => {});
    const clock = new ManualClock();
    const running = runner.run(
      { url: origin, timeoutMs: 120_000 },
      testContext({}, { clock, timeoutMs: 45_000 }),
    );
    clock.advance(44_999);
    expect(clock.pendingTimers).toBe(1);
    clock.advance(1);
    expect((await running).failure?.message).toMatch(/^No answer within 45 s /);
  });

  it('rejects with the shutdown reason instead of reporting the target down', async () => {
    const { origin } = await target(() => {});
    const shutdown = new AbortController();
    const running = runner.run({ url: origin }, testContext({}, { signal: shutdown.signal }));
    setTimeout(() => shutdown.abort(new Error('worker stopping')), 50);
    await expect(running).rejects.toThrow('worker stopping');
  });

  it('reports a redirect loop as too_many_redirects after 10 hops', async () => {
    let requests = 0;
    const { origin } = await target((req, res) => {
      requests += 1;
      const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/loop?n=${n + 1}` }).end();
    });
    const result = await runner.run({ url: `${origin}/loop` }, testContext());
    expect(result.failure).toEqual({
      code: 'too_many_redirects',
      message: `Stopped after 10 redirects; the next one pointed to ${origin}/loop?n=11.`,
    });
    expect(result).toMatchObject({ redirects: 10, finalUrl: `${origin}/loop?n=10`, statusCode: 302 });
    expect(requests).toBe(11);
  });

  it('reports a 503 as status_mismatch with both statuses in the message', async () => {
    const { origin } = await target((_req, res) => res.writeHead(503).end('maintenance'));
    const result = await runner.run({ url: origin }, testContext());
    expect(result).toMatchObject({ status: 'down', statusCode: 503 });
    expect(result.failure).toEqual({ code: 'status_mismatch', message: 'Expected status 200-399, got 503.' });
  });

  it('accepts a status inside a custom list', async () => {
    const { origin } = await target((_req, res) => res.writeHead(404).end());
    expect((await runner.run({ url: origin, expectedStatus: '200,404' }, testContext())).status).toBe('up');
  });

  it.each([
    ['contains', 'Welcome', 'up', null],
    [
      'contains',
      'Maintenance',
      'down',
      { code: 'keyword_missing', message: 'The response does not contain "Maintenance".' },
    ],
    ['not_contains', 'Maintenance', 'up', null],
    [
      'not_contains',
      'Welcome',
      'down',
      { code: 'keyword_present', message: 'The response contains "Welcome".' },
    ],
  ] as const)('keyword %s "%s" gives %s', async (mode, value, status, failure) => {
    const { origin } = await target((_req, res) => ok(res, '<h1>Welcome home</h1>'));
    const result = await runner.run({ url: origin, keyword: { mode, value } }, testContext());
    expect(result.status).toBe(status);
    expect(result.failure).toEqual(failure);
  });

  it('reports a name the resolver cannot find as dns_failed', async () => {
    const ctx = testContext({ resolve: tableResolver({}) });
    const result = await runner.run({ url: 'http://no-such-host.test/' }, ctx);
    expect(result.failure).toEqual({
      code: 'dns_failed',
      message: 'Could not resolve no-such-host.test (ENOTFOUND).',
    });
    expect(ctx.attempts).toEqual([]);
  });

  it('reports a name resolving to a private address as private_target without connecting', async () => {
    const ctx = testContext({
      allowPrivateTargets: false,
      resolve: tableResolver({ 'inside.test': ['10.0.0.7'] }),
    });
    const result = await runner.run({ url: 'http://inside.test/' }, ctx);
    expect(result.failure).toEqual({
      code: 'private_target',
      message: 'inside.test resolves to 10.0.0.7, which is private; Upwatch only checks public addresses.',
    });
    expect(ctx.attempts).toEqual([]);
  });
});
