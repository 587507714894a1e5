import { describe, expect, it } from 'vitest';
import { inAppPath } from './use-open-url';

describe('inAppPath', () => {
  const here = new URL('http://localhost:3000/billing/checkout/co_1');

  it.each([
    ['/dashboard/settings/billing', '/dashboard/settings/billing'],
    ['http://localhost:3000/billing/portal?paid=1', '/billing/portal?paid=1'],
    ['http://127.0.0.1:3000/billing/setup/co_2', '/billing/setup/co_2'],
  ])('keeps %s inside the app as %s', (url, path) => {
    expect(inAppPath(url, here)).toBe(path);
  });

  it.each(['https://example.com/thanks', 'http://localhost:4000/dashboard'])(
    'leaves the app for %s',
    (url) => {
      expect(inAppPath(url, here)).toBeNull();
    },
  );
});
