// What happens to a visitor's beacon (issue 42, item 2), whichever server layer received it: the
// Hono route (ingest-route.ts) or the web server's own listener in front of Hono
// (beacon-listener.ts). Checks run in this order: the address's rate (before the body is read),
// the body, the key, the origin, robots (dropped), the key's rate, the site's sampling (dropped,
// not counted), the route; then the page view is counted against the workspace's `rum_pageviews`
// allowance (page-view-meter.ts) and, past it, answered 204 like a sampled-out one, not stored.
// Only the route, the device class and the values are kept: no address, no user agent string,
// no query string or full URL.
import type { Clock } from '../../platform/clock.ts';
import { type Beacon, parseBeacon } from './beacon.ts';
import { isBot } from './bots.ts';
import type { PageView, PageViewBuffer } from './page-view-buffer.ts';
import type { PageViewMeter } from './page-view-meter.ts';
import { createRateCounter, PER_ADDRESS, PER_KEY } from './rate-limits.ts';
import type { createRouteCap } from './route-cap.ts';
import { routeOf } from './route-template.ts';
import type { RumDirectory } from './rum-directory.ts';

export interface IntakeDeps {
  directory: RumDirectory;
  buffer: PageViewBuffer;
  meter: Pick<PageViewMeter, 'admit'>;
  routes: ReturnType<typeof createRouteCap>;
  clock: Clock;
}

export interface BeaconRequest {
  key: string;
  /** The body's text; null when it ran past the limit (the rest was not read). */
  body: string | null;
  origin: string | undefined;
  userAgent: string | undefined;
}

/** 204 with no body, or a quiet refusal with its short code. */
export type IntakeAnswer = { status: 204 } | { status: 400 | 403 | 404 | 413 | 429; code: string };

const KEPT: IntakeAnswer = { status: 204 };

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The selectors a page named for its LCP element, INP target and largest shift. */
function targetsOf(attribution: Beacon['attribution']): PageView['targets'] {
  const targets: PageView['targets'] = {};
  if (attribution.lcp?.element) targets.lcp = attribution.lcp.element;
  if (attribution.inp?.target) targets.inp = attribution.inp.target;
  if (attribution.cls?.target) targets.cls = attribution.cls.target;
  return targets;
}

export function createBeaconIntake(deps: IntakeDeps) {
  const perAddress = createRateCounter(deps.clock, PER_ADDRESS);
  const perKey = createRateCounter(deps.clock, PER_KEY);
  return {
    /** Whether the address may send one more; asked before its body is read. */
    admitsAddress: (address: string | undefined) => perAddress.allow(address ?? 'unknown'),

    async take({ key, body, origin, userAgent }: BeaconRequest): Promise<IntakeAnswer> {
      if (body === null) return { status: 413, code: 'too_large' };
      const parsed = parseBeacon(body);
      if ('refused' in parsed) {
        return { status: parsed.refused === 'too_large' ? 413 : 400, code: parsed.refused };
      }
      const { beacon } = parsed;
      const site = await deps.directory.find(key);
      if (!site) return { status: 404, code: 'unknown_key' };
      const from = origin ?? originOf(beacon.url);
      if (!from || !site.allowedOrigins.has(from)) return { status: 403, code: 'origin_not_allowed' };
      // A robot's page view is not a visitor's: dropped, answered as if kept.
      if (isBot(userAgent)) return KEPT;
      if (!perKey.allow(key)) return { status: 429, code: 'rate_limited' };
      if (site.sampleRate < 1 && Math.random() >= site.sampleRate) return KEPT;
      const templated = routeOf(beacon.route ?? beacon.url, site.routePatterns);
      if (templated === null) return { status: 400, code: 'malformed' };
      // Past the plan's allowance: counted, not stored; the visitor's page sees the same answer.
      if (!deps.meter.admit(site.workspaceId)) return KEPT;
      deps.buffer.add({
        siteId: site.siteId,
        workspaceId: site.workspaceId,
        route: await deps.routes.routeFor(site.siteId, templated),
        device: beacon.device,
        metrics: beacon.metrics,
        targets: targetsOf(beacon.attribution),
      });
      return KEPT;
    },
  };
}

export type BeaconIntake = ReturnType<typeof createBeaconIntake>;
