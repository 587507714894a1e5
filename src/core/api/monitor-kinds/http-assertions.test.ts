import { describe, expect, it } from 'vitest';
import { monitorInputSchema } from '../monitors.ts';
import { assertionsSchema } from './http-assertions.ts';

function firstIssue(assertions: unknown): string {
  const result = monitorInputSchema.safeParse({ name: 'API', url: 'https://example.com', assertions });
  if (result.success) return 'valid';
  const [issue] = result.error.issues;
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

describe('assertionsSchema', () => {
  it('accepts body and header assertions with typed values, and defaults to none', () => {
    const assertions = [
      { source: 'json', path: '$.status', operator: '==', value: 'ok' },
      { source: 'json', path: 'data.items.length', operator: '>', value: 0 },
      { source: 'json', path: '$.degraded', operator: '!=', value: true },
      { source: 'json', path: '$.error', operator: '==', value: null },
      { source: 'json', path: '$.tags', operator: 'contains', value: 'prod' },
      { source: 'json', path: ' $.id ', operator: 'exists' },
      { source: 'header', name: 'x-cache', operator: 'contains', value: 'HIT' },
      { source: 'header', name: 'content-length', operator: '<', value: 5000 },
      { source: 'header', name: 'etag', operator: 'exists' },
    ];
    expect(assertionsSchema.parse(assertions)[5]).toEqual({
      source: 'json',
      path: '$.id',
      operator: 'exists',
    });
    expect(firstIssue(assertions)).toBe('valid');
    const parsed = monitorInputSchema.parse({ name: 'API', url: 'https://example.com' });
    expect(parsed.kind === 'http' && parsed.assertions).toEqual([]);
  });

  it.each([
    [
      [{ source: 'json', path: '$..x', operator: '==', value: 1 }],
      'assertions.0.path: Expected a name after "." at position 2.',
    ],
    [[{ source: 'json', path: '', operator: 'exists' }], 'assertions.0.path: Enter a path such as $.status.'],
    [
      [{ source: 'json', path: '$.a', operator: '~=', value: 1 }],
      'assertions.0.operator: Choose an operator: ==, !=, <, >, contains, exists.',
    ],
    [[{ source: 'json', path: '$.a', operator: '==' }], 'assertions.0.value: Enter a value to compare with.'],
    [
      [{ source: 'json', path: '$.a', operator: '<', value: '5' }],
      'assertions.0.value: < compares numbers: enter a number.',
    ],
    [
      [{ source: 'json', path: '$.a', operator: 'exists', value: 1 }],
      'assertions.0.value: exists takes no value.',
    ],
    [
      [{ source: 'json', path: '$.a', operator: '==', value: { a: 1 } }],
      'assertions.0.value: Enter text, a number, true, false or null.',
    ],
    [
      [{ source: 'header', name: 'x cache', operator: 'exists' }],
      'assertions.0.name: Header names may not contain spaces or separators.',
    ],
    [
      [{ source: 'header', name: 'age', operator: '==', value: 3 }],
      'assertions.0.value: Header values are text: enter the value as a string.',
    ],
    [
      [{ source: 'body', path: '$.a', operator: 'exists' }],
      'assertions.0.source: source must be one of json, header.',
    ],
    [
      [
        { source: 'json', path: '$.a', operator: 'exists' },
        { source: 'json', path: '$.b', operator: '>', value: 'x' },
      ],
      'assertions.1.value: > compares numbers: enter a number.',
    ],
    [
      Array.from({ length: 21 }, () => ({ source: 'json', path: '$', operator: 'exists' })),
      'assertions: At most 20 assertions.',
    ],
  ])('refuses %j naming the field', (assertions, message) => {
    expect(firstIssue(assertions).startsWith(message), firstIssue(assertions)).toBe(true);
  });
});
