import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPECTED_STATUS,
  expectStatus,
  parseStatusExpression,
  statusExpressionError,
} from './status-codes.ts';

describe('parseStatusExpression', () => {
  it.each([
    ['200-399', '200-399'],
    ['200-299,301', '200-299,301'],
    ['200,204', '200,204'],
    [' 200 - 299 , 301 ', '200-299,301'],
    ['301,200-299', '200-299,301'],
    ['200-299,204', '200-299'],
    ['200,201,202', '200-202'],
    ['200-250,240-300', '200-300'],
    ['100-599', '100-599'],
    ['404', '404'],
  ])('reads "%s" and writes it back as "%s"', (input, canonical) => {
    const result = parseStatusExpression(input);
    expect(result.ok && result.value.canonical).toBe(canonical);
  });

  it.each([
    ['200-399', 200, true],
    ['200-399', 399, true],
    ['200-399', 400, false],
    ['200-399', 199, false],
    ['200-299,301', 301, true],
    ['200-299,301', 302, false],
    ['200,204', 204, true],
    ['200,204', 201, false],
  ])('with "%s", status %i matches: %s', (input, code, expected) => {
    expect(expectStatus(input).matches(code)).toBe(expected);
  });

  it.each([
    ['', 'Enter at least one status code, like 200-399.'],
    ['   ', 'Enter at least one status code, like 200-399.'],
    ['200,,301', 'Remove the empty entry between commas.'],
    ['200,', 'Remove the empty entry between commas.'],
    ['abc', '"abc" is not a status code or a range like 200-299.'],
    ['2xx', '"2xx" is not a status code or a range like 200-299.'],
    ['200-', '"200-" is not a status code or a range like 200-299.'],
    ['-200', '"-200" is not a status code or a range like 200-299.'],
    ['200-300-400', '"200-300-400" is not a status code or a range like 200-299.'],
    ['200.5', '"200.5" is not a status code or a range like 200-299.'],
    ['99', '99 is not an HTTP status code; use codes from 100 to 599.'],
    ['600', '600 is not an HTTP status code; use codes from 100 to 599.'],
    ['0200', '0200 is not an HTTP status code; use codes from 100 to 599.'],
    ['200-700', '700 is not an HTTP status code; use codes from 100 to 599.'],
    ['399-200', 'The range 399-200 runs backwards; write it as 200-399.'],
  ])('refuses "%s" with "%s"', (input, message) => {
    expect(parseStatusExpression(input)).toEqual({ ok: false, error: message });
    expect(statusExpressionError(input)).toBe(message);
  });

  it('refuses more than 50 entries and over-long input', () => {
    const many = Array.from({ length: 51 }, (_, i) => String(200 + i)).join(',');
    expect(statusExpressionError(many)).toBe('Use at most 50 codes or ranges.');
    expect(statusExpressionError(`200${' '.repeat(600)}`)).toBe('Keep the status list under 500 characters.');
  });

  it('accepts the default expression', () => {
    expect(statusExpressionError(DEFAULT_EXPECTED_STATUS)).toBeUndefined();
  });

  it('throws from expectStatus when given an invalid expression', () => {
    expect(() => expectStatus('999')).toThrow('Invalid expected status "999"');
  });
});
