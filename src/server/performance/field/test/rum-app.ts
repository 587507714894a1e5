// A test app for real-user monitoring: a Pro user's performance site with RUM turned on, and
// beacons sent to it as a visitor's browser sends them (text/plain, the page's Origin).
import type { RumSettings } from '../../../../core/api/field.ts';
import type { TestUser } from '../../../test/factories.ts';
import { createPerfApp, START } from '../../test/perf-app.ts';

export { START };
export const SITE_ORIGIN = 'https://shop.example.com';
/** Chrome on Android, as a visitor's browser names itself (robots are dropped). */
export const VISITOR_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export function beaconBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    v: 1,
    url: `${SITE_ORIGIN}/p/42?ref=mail#reviews`,
    nav: 'navigate',
    device: 'mobile',
    ect: '4g',
    metrics: { LCP: 1234, INP: 88, CLS: 0.02, FCP: 800, TTFB: 120 },
    ...overrides,
  };
}

export async function createRumApp(options: { trustProxy?: boolean } = {}) {
  const base = await createPerfApp(options);
  const { t, send, json } = base;

  async function enabled(owner: TestUser, body: Record<string, unknown> = {}) {
    const site = await base.site(owner);
    const settings = await json<RumSettings>(
      await send(owner, 'PUT', `/performance/sites/${site.id}/rum`, { enabled: true, ...body }),
      200,
    );
    return { site, settings, key: settings.key as string };
  }

  /** POSTs a body to /rum/{key} the way navigator.sendBeacon does: text, with the page's Origin. */
  function beacon(key: string, body: unknown, headers: Record<string, string> = {}) {
    return t.app.request(`/rum/${key}`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: SITE_ORIGIN,
        'user-agent': VISITOR_AGENT,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function rows() {
    return t.database.db.selectFrom('rum_hours').selectAll().orderBy(['route', 'device']).execute();
  }

  return { ...base, enabled, beacon, rows };
}

export type RumApp = Awaited<ReturnType<typeof createRumApp>>;
