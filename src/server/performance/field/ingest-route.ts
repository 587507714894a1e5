// POST /rum/{key}: a visitor's page reports its page view (issue 42, item 2). The body is text
// (a CORS-safelisted type, so no preflight) holding JSON, at most 4 KB. What is refused gets a
// quiet 4xx with a short code and stores nothing; the visitor's page never waits for or reads
// the answer. Only the route, the device class and the values are kept: no address, no user
// agent string, no query string or full URL. Checks run in this order: the address's rate, the
// body, the key, the origin, robots (dropped), the key's rate, the site's sampling (dropped, not
// counted), the route; then the page view is counted against the workspace's `rum_pageviews`
// allowance (page-view-meter.ts) and, past it, answered 204 like a sampled-out one, not stored.
import type { Context, Hono } from 'hono';
import type { Clock } from '../../platform/clock.ts';
import type { AppEnv } from '../../platform/http/caller.ts';
import { clientAddress } from '../../platform/http/client-ip.ts';
import { type Beacon, MAX_BEACON_BYTES, parseBeacon } from './beacon.ts';
import { isBot } from './bots.ts';
import type { PageView, PageViewBuffer } from './page-view-buffer.ts';
import type { PageViewMeter } from './page-view-meter.ts';
import { createRateCounter, PER_ADDRESS, PER_KEY } from './rate-limits.ts';
import type { createRouteCap } from './route-cap.ts';
import { routeOf } from './route-template.ts';
import type { RumDirectory } from './rum-directory.ts';

export interface IngestDeps {
  directory: RumDirectory;
  buffer: PageViewBuffer;
  meter: Pick<PageViewMeter, 'admit'>;
  routes: ReturnType<typeof createRouteCap>;
  clock: Clock;
  trustProxy: boolean;
}

/** The body's text, or null when it runs past the limit (the rest is never read). */
async function readBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BEACON_BYTES) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BEACON_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function mountRumIngest(app: Hono<AppEnv>, deps: IngestDeps): void {
  const perAddress = createRateCounter(deps.clock, PER_ADDRESS);
  const perKey = createRateCounter(deps.clock, PER_KEY);
  const refuse = (c: Context<AppEnv>, status: 400 | 403 | 404 | 413 | 429, code: string) =>
    c.text(code, status, { 'cache-control': 'no-store' });

  app.post('/rum/:key', async (c) => {
    const key = c.req.param('key');
    if (!perAddress.allow(clientAddress(c, deps.trustProxy) ?? 'unknown'))
      return refuse(c, 429, 'rate_limited');
    const body = await readBody(c.req.raw);
    if (body === null) return refuse(c, 413, 'too_large');
    const parsed = parseBeacon(body);
    if ('refused' in parsed) return refuse(c, parsed.refused === 'too_large' ? 413 : 400, parsed.refused);
    const { beacon } = parsed;
    const site = await deps.directory.find(key);
    if (!site) return refuse(c, 404, 'unknown_key');
    const origin = c.req.header('origin') ?? originOf(beacon.url);
    if (!origin || !site.allowedOrigins.has(origin)) return refuse(c, 403, 'origin_not_allowed');
    // A robot's page view is not a visitor's: dropped, answered as if kept.
    if (isBot(c.req.header('user-agent'))) return c.body(null, 204);
    if (!perKey.allow(key)) return refuse(c, 429, 'rate_limited');
    if (site.sampleRate < 1 && Math.random() >= site.sampleRate) return c.body(null, 204);
    const templated = routeOf(beacon.route ?? beacon.url, site.routePatterns);
    if (templated === null) return refuse(c, 400, 'malformed');
    // Past the plan's allowance: counted, not stored; the visitor's page sees the same answer.
    if (!deps.meter.admit(site.workspaceId)) return c.body(null, 204);
    deps.buffer.add({
      siteId: site.siteId,
      workspaceId: site.workspaceId,
      route: await deps.routes.routeFor(site.siteId, templated),
      device: beacon.device,
      metrics: beacon.metrics,
      targets: targetsOf(beacon.attribution),
    });
    return c.body(null, 204);
  });
}

/** The selectors a page named for its LCP element, INP target and largest shift. */
function targetsOf(attribution: Beacon['attribution']): PageView['targets'] {
  const targets: PageView['targets'] = {};
  if (attribution.lcp?.element) targets.lcp = attribution.lcp.element;
  if (attribution.inp?.target) targets.inp = attribution.inp.target;
  if (attribution.cls?.target) targets.cls = attribution.cls.target;
  return targets;
}
