// The public, signed-out side: status pages as HTML, JSON and Atom, and SVG badges. Every answer
// comes from the 10-second response cache and carries Cache-Control and a strong ETag.
import type { Context, Env, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { type UptimeWindow, uptimeSummaries } from '../history/uptime.ts';
import { errorBody } from '../http/errors.ts';
import { statusBadge, uptimeBadge } from './badges.ts';
import { renderFeed } from './feed.ts';
import type { PublicView } from './public-data.ts';
import { toPublicJson } from './public-json.ts';
import { renderNotAvailable, renderStatusPage } from './render-page.ts';
import { type BuiltResponse, type CachedResponse, createResponseCache } from './response-cache.ts';
import { loadGroupView, loadMonitorView } from './views.ts';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';
const HTML = 'text/html; charset=utf-8';
const SVG = 'image/svg+xml; charset=utf-8';
const BADGE_PERIODS: readonly UptimeWindow[] = ['24h', '7d', '30d', '90d'];

export interface PublicRouteDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  publicUrl: string;
}

function notAvailable(): BuiltResponse {
  const page = renderNotAvailable();
  return {
    status: 404,
    contentType: HTML,
    body: page.html,
    headers: { 'Content-Security-Policy': page.csp },
  };
}

function htmlPage(view: PublicView): BuiltResponse {
  const page = renderStatusPage(view);
  return {
    status: 200,
    contentType: HTML,
    body: page.html,
    headers: { 'Content-Security-Policy': page.csp },
  };
}

/** Badges are embedded by other sites (READMEs, dashboards), so they may be loaded cross-origin. */
const badgeHeaders = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
/** The JSON is public and read without credentials, so any site's script may fetch it. */
const openToAllOrigins = { ...badgeHeaders, 'Access-Control-Allow-Origin': '*' };

function respond(c: Context, cached: CachedResponse): Response {
  const gzip = cached.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ? cached.gzip : null;
  const etag = gzip ? `${cached.etag.slice(0, -1)}-gz"` : cached.etag;
  const headers: Record<string, string> = {
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    ETag: etag,
    Vary: 'Accept-Encoding',
    ...cached.headers,
  };
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((tag) => [etag, cached.etag].includes(tag.trim()))) {
    return c.body(null, 304, headers);
  }
  headers['Content-Type'] = cached.contentType;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return c.body(gzip ?? cached.bytes, cached.status, headers);
}

export function mountPublicStatusRoutes<E extends Env>(
  app: Hono<E>,
  { db, clock, entitlements, publicUrl }: PublicRouteDeps,
) {
  const canRemoveBranding = (userId: string) => entitlements.check(userId, FEATURE_IDS.removeBranding);
  const cache = createResponseCache(clock);
  const serve = (c: Context, key: string, build: () => Promise<BuiltResponse>) =>
    cache.get(key, build).then((cached) => respond(c, cached));

  app.get('/status/monitor/:id', (c) =>
    serve(c, `monitor:${c.req.param('id')}`, async () => {
      const view = await loadMonitorView(db, c.req.param('id'), clock.now());
      return view ? htmlPage(view) : notAvailable();
    }),
  );
  app.get('/status/:slug/feed.atom', (c) =>
    serve(c, `feed:${c.req.param('slug')}`, async () => {
      const view = await loadGroupView(db, c.req.param('slug'), clock.now(), canRemoveBranding);
      if (!view) return notAvailable();
      return {
        status: 200,
        contentType: 'application/atom+xml; charset=utf-8',
        body: renderFeed(view, publicUrl),
      };
    }),
  );
  app.get('/status/:name', (c) => {
    const name = c.req.param('name');
    if (!name.endsWith('.json')) {
      return serve(c, `page:${name}`, async () => {
        const view = await loadGroupView(db, name, clock.now(), canRemoveBranding);
        return view ? htmlPage(view) : notAvailable();
      });
    }
    const slug = name.slice(0, -'.json'.length);
    return serve(c, `json:${slug}`, async () => {
      const view = await loadGroupView(db, slug, clock.now(), canRemoveBranding);
      if (!view) return notAvailable();
      const body = JSON.stringify(toPublicJson(view, publicUrl));
      return { status: 200, contentType: 'application/json; charset=utf-8', body, headers: openToAllOrigins };
    });
  });
  app.get('/badge/:id/status.svg', (c) =>
    serve(c, `badge-status:${c.req.param('id')}`, async () => {
      const monitor = await db
        .selectFrom('monitors')
        .select('status')
        .where('id', '=', c.req.param('id'))
        .where('is_public', '=', 1)
        .executeTakeFirst();
      if (!monitor) return notAvailable();
      return { status: 200, contentType: SVG, body: statusBadge(monitor.status), headers: badgeHeaders };
    }),
  );
  app.get('/badge/:id/uptime.svg', async (c) => {
    const period = c.req.query('period') ?? '30d';
    if (!(BADGE_PERIODS as readonly string[]).includes(period)) {
      return c.json(errorBody('invalid_period', 'Choose period=24h, 7d, 30d or 90d.'), 400);
    }
    const id = c.req.param('id');
    return serve(c, `badge-uptime:${id}:${period}`, async () => {
      const monitor = await db
        .selectFrom('monitors')
        .select('id')
        .where('id', '=', id)
        .where('is_public', '=', 1)
        .executeTakeFirst();
      if (!monitor) return notAvailable();
      const summary = (await uptimeSummaries(db, [id], clock.now())).get(id)?.[period as UptimeWindow];
      return {
        status: 200,
        contentType: SVG,
        body: uptimeBadge(period, summary?.uptimePercent ?? null),
        headers: badgeHeaders,
      };
    });
  });
  // Everything else under these prefixes is the public 404, never the SPA.
  for (const path of ['/status', '/status/*', '/badge', '/badge/*']) {
    app.get(path, (c) => serve(c, 'not-available', async () => notAvailable()));
  }
}
