import { describe, expect, it } from 'vitest';
import { parsePath, resolvePath } from './json-path.ts';

describe('parsePath', () => {
  it.each([
    ['$', []],
    ['$.status', [{ key: 'status' }]],
    ['status', [{ key: 'status' }]],
    ['.status', [{ key: 'status' }]],
    ['data.items.length', [{ key: 'data' }, { key: 'items' }, { key: 'length' }]],
    ['$.data.items[0].id', [{ key: 'data' }, { key: 'items' }, { index: 0 }, { key: 'id' }]],
    ['items[-1]', [{ key: 'items' }, { index: -1 }]],
    ['$[2][10]', [{ index: 2 }, { index: 10 }]],
    ['$["odd.key"]["a b"]', [{ key: 'odd.key' }, { key: 'a b' }]],
    ["$['single']", [{ key: 'single' }]],
    ['$["say \\"hi\\""]', [{ key: 'say "hi"' }]],
    ['$ref.id', [{ key: '$ref' }, { key: 'id' }]],
    ['x-request-id', [{ key: 'x-request-id' }]],
  ])('reads %s', (path, steps) => {
    expect(parsePath(path)).toEqual({ ok: true, steps });
  });

  it.each([
    ['', 'Enter a path such as $.status.'],
    ['$.', 'Expected a name after "." at position 2.'],
    ['a..b', 'Expected a name after "." at position 2.'],
    ['a b', 'Unexpected " " at position 2.'],
    ['a]', 'Unexpected "]" at position 2.'],
    ['a[', 'Use [n] with a whole number, or ["name"], at position 2.'],
    ['a[1', 'Use [n] with a whole number, or ["name"], at position 2.'],
    ['a[x]', 'Use [n] with a whole number, or ["name"], at position 2.'],
    ['a[*]', 'Use [n] with a whole number, or ["name"], at position 2.'],
    ['a["x]', 'Unclosed " after "[" at position 2.'],
    ['$..name', 'Expected a name after "." at position 2.'],
    [' a', 'Unexpected " " at position 1.'],
    ['a'.repeat(201), 'Paths are limited to 200 characters.'],
  ])('refuses %j: %s', (path, error) => {
    expect(parsePath(path)).toEqual({ ok: false, error });
  });
});

describe('resolvePath', () => {
  const body = {
    status: 'ok',
    count: 3,
    empty: null,
    data: { items: [{ id: 'a' }, { id: 'b' }], length: 'own key', '0': 'zero' },
    word: 'héllo',
  };
  const resolve = (path: string) => {
    const parsed = parsePath(path);
    if (!parsed.ok) throw new Error(parsed.error);
    return resolvePath(body, parsed.steps);
  };

  it.each([
    ['$', body],
    ['$.status', 'ok'],
    ['empty', null],
    ['data.items[1].id', 'b'],
    ['data.items[-1].id', 'b'],
    ['data.items[-2].id', 'a'],
    ['data.items.length', 2],
    ['word.length', 5],
    ['data.length', 'own key'],
    ['data[0]', 'zero'],
  ])('finds %s', (path, value) => {
    expect(resolve(path)).toEqual({ found: true, value });
  });

  it.each([
    'missing',
    'status.deeper',
    'data.items[2]',
    'data.items[-3]',
    'count.length',
    'empty.x',
    'data.items.id',
    'constructor',
    '__proto__',
    'status[0]',
  ])('finds nothing at %s', (path) => {
    expect(resolve(path)).toEqual({ found: false });
  });
});
