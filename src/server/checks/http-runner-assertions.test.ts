// The HTTP runner judging JSON body and header assertions against a real target on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { httpCheckRunner as runner } from './http.ts';
import { MAX_BODY_BYTES } from './http-exchange.ts';
import { closedAfterEach, testContext } from './test/targets.ts';

const target = closedAfterEach();

describe('httpCheckRunner: assertions on the JSON body and headers', () => {
  const api = (body: unknown, status = 200) =>
    target((req, res) => {
      if (req.url === '/old') return void res.writeHead(301, { location: '/health' }).end();
      res
        .writeHead(status, { 'content-type': 'application/json', 'x-cache': 'MISS' })
        .end(JSON.stringify(body));
    });
  const health = { status: 'ok', data: { items: [{ id: 1 }, { id: 2 }] } };

  it('reports up when every assertion holds, after following a redirect', async () => {
    const { origin } = await api(health);
    const result = await runner.run(
      {
        url: `${origin}/old`,
        assertions: [
          { source: 'json', path: '$.status', operator: '==', value: 'ok' },
          { source: 'json', path: 'data.items.length', operator: '>', value: 1 },
          { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
        ],
      },
      testContext(),
    );
    expect(result).toMatchObject({ status: 'up', failure: null, redirects: 1 });
  });

  it('reports down with assertion_failed naming the assertion, the expectation and the answer', async () => {
    const { origin } = await api({ ...health, status: 'degraded' });
    const result = await runner.run(
      {
        url: origin,
        keyword: { mode: 'contains', value: 'status' },
        assertions: [
          { source: 'json', path: '$.status', operator: '==', value: 'ok' },
          { source: 'header', name: 'x-cache', operator: 'contains', value: 'HIT' },
        ],
      },
      testContext(),
    );
    expect(result).toMatchObject({ status: 'down', statusCode: 200 });
    expect(result.failure).toEqual({
      code: 'assertion_failed',
      message: 'Expected $.status == "ok", got "degraded". (1 more assertion failed.)',
    });
  });

  it('judges the status and the keyword before the assertions', async () => {
    const { origin } = await api(health, 503);
    const assertions = [{ source: 'json', path: '$.status', operator: '==', value: 'down' }] as const;
    const status = await runner.run({ url: origin, assertions }, testContext());
    expect(status.failure?.code).toBe('status_mismatch');
    const keyword = await runner.run(
      { url: origin, expectedStatus: '503', keyword: { mode: 'contains', value: 'maintenance' }, assertions },
      testContext(),
    );
    expect(keyword.failure?.code).toBe('keyword_missing');
  });

  it('says the body is not JSON, and that only its first MiB was read when it was longer', async () => {
    const { origin } = await target((req, res) => {
      if (req.url === '/big') return void res.end(JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }));
      res.end('<html>ok</html>');
    });
    const assertions = [{ source: 'json', path: '$.pad', operator: 'exists' }] as const;
    const html = await runner.run({ url: origin, assertions }, testContext());
    expect(html.failure).toEqual({ code: 'assertion_failed', message: '$.pad: the body is not JSON.' });
    const big = await runner.run({ url: `${origin}/big`, assertions }, testContext());
    expect(big).toMatchObject({ bodyTruncated: true, responseBytes: MAX_BODY_BYTES });
    expect(big.failure?.message).toBe('$.pad: the body is not JSON (only its first 1 MiB was read).');
  });
});
