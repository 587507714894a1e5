import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HTTP_REASONS } from './http-reasons.ts';

describe('HTTP_REASONS', () => {
  it("is Node's own table of reason phrases, code for code", () => {
    expect(HTTP_REASONS).toEqual(
      Object.fromEntries(Object.entries(STATUS_CODES).map(([code, reason]) => [Number(code), reason])),
    );
    expect(HTTP_REASONS[503]).toBe('Service Unavailable');
  });
});
