import { describe, expect, it } from 'vitest';
import { RequestError } from './api';
import { createQueryClient } from './query-client';

describe('query client defaults', () => {
  it('de-duplicates for 2000 ms and waits 5000 ms between error retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(2000);
    expect(defaults.queries?.retryDelay).toBe(5000);
    expect(defaults.mutations?.retryDelay).toBe(5000);
  });

  it('retries server and network failures but not answers like 404', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('retry should be a function');
    expect(retry(0, new RequestError(404, 'not_found', 'Not found.'))).toBe(false);
    expect(retry(0, new RequestError(503, 'unavailable', 'Down.'))).toBe(true);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(3, new TypeError('Failed to fetch'))).toBe(false);
  });
});
