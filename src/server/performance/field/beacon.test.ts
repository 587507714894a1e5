import { describe, expect, it } from 'vitest';
import { MAX_BEACON_BYTES, parseBeacon } from './beacon.ts';

const REPORT = {
  v: 1,
  url: 'https://shop.example/p/42?x=1',
  nav: 'navigate',
  device: 'mobile',
  ect: '4g',
  metrics: { LCP: 1234, INP: 88, CLS: 0.02, FCP: 800, TTFB: 120 },
  attribution: {
    lcp: { element: 'img.hero', url: 'https://shop.example/hero.avif' },
    inp: {
      target: 'button#buy',
      type: 'pointer',
      inputDelay: 12,
      processingDuration: 40,
      presentationDelay: 36,
    },
    cls: { target: 'div.banner' },
  },
};

describe("a visitor's beacon", () => {
  it('reads the five vitals, the page, the device, the connection and the attribution', () => {
    expect(parseBeacon(JSON.stringify(REPORT))).toEqual({
      beacon: {
        url: 'https://shop.example/p/42?x=1',
        route: null,
        navigation: 'navigate',
        device: 'mobile',
        connection: '4g',
        metrics: { lcp: 1234, inp: 88, cls: 0.02, fcp: 800, ttfb: 120 },
        attribution: REPORT.attribution,
      },
    });
  });

  it('takes a page view that reports only some vitals (a page hidden before its first input)', () => {
    const partial = { v: 1, url: '/', device: 'desktop', metrics: { TTFB: 90, FCP: 300 } };
    expect(parseBeacon(JSON.stringify(partial))).toMatchObject({
      beacon: { metrics: { ttfb: 90, fcp: 300 }, navigation: null, connection: null, attribution: {} },
    });
    // The tag's data-route names the page's route itself.
    expect(parseBeacon(JSON.stringify({ ...partial, route: '/checkout' }))).toMatchObject({
      beacon: { route: '/checkout' },
    });
  });

  it('refuses a body that is not JSON, has the wrong shape, types or ranges, or no metric', () => {
    const refusals = [
      '',
      'not json',
      '[]',
      JSON.stringify({ ...REPORT, v: 2 }),
      JSON.stringify({ ...REPORT, device: 'fridge' }),
      JSON.stringify({ ...REPORT, metrics: { LCP: '1234' } }),
      JSON.stringify({ ...REPORT, metrics: { LCP: -1 } }),
      JSON.stringify({ ...REPORT, metrics: { CLS: 1000 } }),
      JSON.stringify({ ...REPORT, metrics: { LCP: 10 ** 9 } }),
      JSON.stringify({ ...REPORT, metrics: {} }),
      JSON.stringify({ ...REPORT, metrics: { XYZ: 1 } }),
      JSON.stringify({ ...REPORT, ip: '203.0.113.9' }),
      JSON.stringify({ ...REPORT, route: 'checkout' }),
      JSON.stringify({ ...REPORT, attribution: { lcp: { element: 'x'.repeat(301) } } }),
    ];
    expect(refusals.map((body) => parseBeacon(body))).toEqual(refusals.map(() => ({ refused: 'malformed' })));
  });

  it('refuses a body over 4 KB before reading it', () => {
    const padded = JSON.stringify({ ...REPORT, url: `https://shop.example/${'a'.repeat(MAX_BEACON_BYTES)}` });
    expect(parseBeacon(padded)).toEqual({ refused: 'too_large' });
  });
});
