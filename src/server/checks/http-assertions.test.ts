import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type HttpAssertion, judgeAssertions, needsBody } from './http-assertions.ts';

const BODY = JSON.stringify({
  status: 'degraded',
  version: '2.1.0',
  count: 3,
  ratio: 0.5,
  healthy: false,
  error: null,
  tags: ['prod', 'eu', 7, null],
  data: { items: [{ id: 'a' }, { id: 'b' }] },
});
const HEADERS: IncomingHttpHeaders = {
  'x-cache': 'MISS',
  'content-length': '512',
  'set-cookie': ['a=1', 'b=2'],
  age: 'soon',
};

function judge(assertions: HttpAssertion[], body = BODY, truncated = false) {
  return judgeAssertions(assertions, { headers: HEADERS, text: body, truncated, maxBodyBytes: 1024 * 1024 });
}
const json = (path: string, operator: HttpAssertion['operator'], value?: unknown): HttpAssertion =>
  ({ source: 'json', path, operator, ...(value === undefined ? {} : { value }) }) as HttpAssertion;
const header = (name: string, operator: HttpAssertion['operator'], value?: unknown): HttpAssertion =>
  ({ source: 'header', name, operator, ...(value === undefined ? {} : { value }) }) as HttpAssertion;

describe('judgeAssertions: passing assertions', () => {
  it.each([
    json('$.status', '==', 'degraded'),
    json('count', '==', 3),
    json('healthy', '==', false),
    json('$.error', '==', null),
    json('$.status', '!=', 'ok'),
    json('$.count', '!=', '3'),
    json('$.count', '<', 4),
    json('$.ratio', '>', 0.25),
    json('data.items.length', '>', 1),
    json('$.data.items[1].id', '==', 'b'),
    json('$.data.items[-1].id', '==', 'b'),
    json('$.version', 'contains', '2.1'),
    json('$.tags', 'contains', 'eu'),
    json('$.tags', 'contains', 7),
    json('$.tags', 'contains', null),
    json('$.data', 'contains', 'items'),
    json('$.error', 'exists'),
    json('$', 'exists'),
    header('x-cache', '==', 'MISS'),
    header('X-Cache', '!=', 'HIT'),
    header('x-cache', 'contains', 'MIS'),
    header('content-length', '<', 1000),
    header('content-length', '>', 100),
    header('Set-Cookie', 'contains', 'b=2'),
    header('age', 'exists'),
  ])('passes %j', (assertion) => {
    expect(judge([assertion])).toBeUndefined();
  });
});

describe('judgeAssertions: failing assertions name the assertion, the expectation and what came', () => {
  it.each([
    [json('$.status', '==', 'ok'), 'Expected $.status == "ok", got "degraded".'],
    [json('$.count', '==', '3'), 'Expected $.count == "3", got 3.'],
    [json('$.status', '!=', 'degraded'), 'Expected $.status != "degraded", got "degraded".'],
    [json('$.count', '>', 3), 'Expected $.count > 3, got 3.'],
    [json('$.version', '<', 3), 'Expected $.version < 3, got "2.1.0".'],
    [json('data.items.length', '<', 2), 'Expected data.items.length < 2, got 2.'],
    [json('$.tags', 'contains', 'us'), 'Expected $.tags contains "us", got ["prod","eu",7,null].'],
    [json('$.tags', 'contains', '7'), 'Expected $.tags contains "7", got ["prod","eu",7,null].'],
    [json('$.count', 'contains', '3'), 'Expected $.count contains "3", got 3.'],
    [json('$.data', '==', 'x'), 'Expected $.data == "x", got {"items":[{"id":"a"},{"id":"b"}]}.'],
    [json('$.data.id', 'exists'), 'Expected $.data.id to exist, but it is missing.'],
    [json('$.state', '==', 'ok'), 'Expected $.state == "ok", but $.state is missing.'],
    [json('$.state', '!=', 'down'), 'Expected $.state != "down", but $.state is missing.'],
    [header('x-cache', 'contains', 'HIT'), 'Expected header x-cache contains "HIT", got "MISS".'],
    [header('x-cache', '==', 'miss'), 'Expected header x-cache == "miss", got "MISS".'],
    [header('content-length', '>', 1000), 'Expected header content-length > 1000, got "512".'],
    [header('age', '<', 10), 'Expected header age < 10, got "soon".'],
    [header('etag', 'exists'), 'Expected header etag to exist, but the response has no etag header.'],
    [header('ETag', '==', 'x'), 'Expected header ETag == "x", but the response has no ETag header.'],
  ])('fails %j: %s', (assertion, message) => {
    expect(judge([assertion])).toEqual({ code: 'assertion_failed', message });
  });

  it('cuts long values it quotes', () => {
    const long = JSON.stringify({ text: 'x'.repeat(500) });
    const failure = judge([json('text', '==', 'y')], long);
    expect(failure?.message).toBe(`Expected text == "y", got "${'x'.repeat(99)}….`);
  });

  it('says the body is not JSON, and when it was cut off', () => {
    expect(judge([json('$.data.items.length', '>', 0)], '<html>oops</html>')).toEqual({
      code: 'assertion_failed',
      message: '$.data.items.length: the body is not JSON.',
    });
    expect(judge([json('$.a', 'exists')], '{"a": [1, 2', true)?.message).toBe(
      '$.a: the body is not JSON (only its first 1 MiB was read).',
    );
    expect(judge([json('$', 'exists')], '')?.message).toBe('$: the body is not JSON.');
  });

  it('reads JSON behind a byte-order mark', () => {
    expect(judge([json('$.ok', '==', true)], '\uFEFF{"ok":true}')).toBeUndefined();
  });

  it('evaluates every assertion in order and reports the first failure with how many more failed', () => {
    const failure = judge([
      json('$.count', '==', 3),
      header('x-cache', '==', 'HIT'),
      json('$.status', '==', 'ok'),
      json('$.missing', 'exists'),
    ]);
    expect(failure).toEqual({
      code: 'assertion_failed',
      message: 'Expected header x-cache == "HIT", got "MISS". (2 more assertions failed.)',
    });
    expect(judge([json('$.status', '==', 'ok'), json('$.count', '==', 0)])?.message).toMatch(
      /got "degraded"\. \(1 more assertion failed\.\)$/,
    );
  });

  it('passes with no assertions, and needs the body only for JSON assertions', () => {
    expect(judge([])).toBeUndefined();
    expect(needsBody(undefined)).toBe(false);
    expect(needsBody([header('etag', 'exists')])).toBe(false);
    expect(needsBody([header('etag', 'exists'), json('$', 'exists')])).toBe(true);
  });
});
