// The workspace's /metrics carries each RUM site's real visitors' p75s (issue 42, item 8), read by a
// Prometheus text-format parser: seconds for the timed vitals, CLS unitless, per window.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, expect, it } from 'vitest';
import { beaconBody, createRumApp, type RumApp } from './test/rum-app.ts';

let r: RumApp;
afterEach(async () => {
  await r?.t.close();
});

const HOUR = 3_600_000;

function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const family = parsePrometheusTextFormat(text).find((entry) => entry.name === name);
  const found = family?.metrics.find((metric) =>
    Object.entries(labels).every(
      ([label, value]) => (metric as { labels?: Record<string, string> }).labels?.[label] === value,
    ),
  ) as { value?: string } | undefined;
  return found?.value === undefined ? undefined : Number(found.value);
}

it("lists each site's page views and p75s over 24 hours and 28 days, beside the monitors", async () => {
  r = await createRumApp({ trustProxy: true });
  const owner = await r.user('pro');
  const { site, key } = await r.enabled(owner);
  const send = async (count: number, metrics: Record<string, number>, from: string) => {
    for (let i = 0; i < count; i += 1) {
      const address = { 'x-forwarded-for': `${from}.${i}` };
      expect((await r.beacon(key, beaconBody({ metrics }), address)).status).toBe(204);
    }
    await r.t.rum.buffer.flush();
  };
  // Three days ago: 4 slow page views. Today: 4 fast ones.
  await send(4, { LCP: 6000, INP: 900, CLS: 0.5, FCP: 4000, TTFB: 2000 }, '198.51.100');
  r.clock.advance(72 * HOUR);
  await send(4, { LCP: 1000, INP: 100, CLS: 0.05, FCP: 700, TTFB: 100 }, '198.51.101');

  const apiKey = (
    await r.json<{ key: string }>(
      await r.send(owner, 'POST', '/api-keys', { name: 'Prometheus', role: 'viewer' }),
      201,
    )
  ).key;
  const scrape = await r.t.request('/metrics', { headers: { authorization: `Bearer ${apiKey}` } });
  expect(scrape.status).toBe(200);
  const text = await scrape.text();
  const day = { site_id: site.id, window: '24h' };
  const month = { site_id: site.id, window: '28d' };
  expect(sample(text, 'upwatch_field_page_views', day)).toBe(4);
  expect(sample(text, 'upwatch_field_page_views', month)).toBe(8);
  // The sketch's relative error is 1 %.
  expect(sample(text, 'upwatch_field_p75_seconds', { ...day, vital: 'lcp' })).toBeCloseTo(1, 1);
  expect(sample(text, 'upwatch_field_p75_seconds', { ...day, vital: 'inp' })).toBeCloseTo(0.1, 2);
  expect(sample(text, 'upwatch_field_p75_seconds', { ...month, vital: 'lcp' })).toBeCloseTo(6, 0);
  expect(sample(text, 'upwatch_field_cls_p75', day)).toBeCloseTo(0.05, 2);
  expect(sample(text, 'upwatch_field_cls_p75', month)).toBeCloseTo(0.5, 1);
  expect(text).toContain(`upwatch_field_page_views{site_id="${site.id}",site="${site.name}",window="24h"} 4`);
});

it('a site whose snippet has sent nothing yet has no field samples', async () => {
  r = await createRumApp();
  const owner = await r.user('pro');
  await r.enabled(owner);
  const apiKey = (
    await r.json<{ key: string }>(
      await r.send(owner, 'POST', '/api-keys', { name: 'Prometheus', role: 'viewer' }),
      201,
    )
  ).key;
  const text = await (
    await r.t.request('/metrics', { headers: { authorization: `Bearer ${apiKey}` } })
  ).text();
  expect(text).toContain('# TYPE upwatch_field_p75_seconds gauge');
  expect(text).not.toContain('upwatch_field_page_views{');
});
