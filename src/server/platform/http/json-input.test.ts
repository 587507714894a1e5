import { describe, expect, it } from 'vitest';
import { jsonInputProblem, MAX_JSON_DEPTH } from './json-input.ts';

const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;

describe('jsonInputProblem', () => {
  it('accepts ordinary JSON, up to the depth bound', () => {
    expect(jsonInputProblem({ name: 'API', tags: ['a', 'b'], n: 1, ok: true, none: null })).toBeNull();
    expect(jsonInputProblem(nested(MAX_JSON_DEPTH))).toBeNull();
  });

  it('refuses one level past the bound, and 10,000 levels without overflowing the stack', () => {
    expect(jsonInputProblem(nested(MAX_JSON_DEPTH + 1))?.code).toBe('too_deeply_nested');
    expect(jsonInputProblem(nested(10_000))?.code).toBe('too_deeply_nested');
  });

  it('names the first field whose text or name holds U+0000', () => {
    expect(jsonInputProblem({ a: 'ok', b: [{ c: 'x\u0000' }], d: '\u0000' })).toEqual({
      code: 'invalid_text',
      message: 'b.0.c: text may not contain the NUL character (U+0000).',
    });
    expect(jsonInputProblem({ 'na\u0000me': 1 })?.message).toMatch(/^name: /);
    expect(jsonInputProblem('\u0000')?.code).toBe('invalid_text');
  });
});
