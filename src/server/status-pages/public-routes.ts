// The public, signed-out side: status pages as HTML, JSON and Atom, and SVG badges. Every answer
// comes from the 10-second response cache and carries Cache-Control and a strong ETag. A page
// whose language is 'auto' answers in the visitor's Accept-Language and says it varies by it.
import type { Context, Env, Hono } from 'hono';
import type { UptimeWindow } from '../history/uptime.ts';
import { errorBody } from '../http/errors.ts';
import { isPageLanguage, pageLanguage } from './i18n/locale.ts';
import { createPublicBuilders, notAvailable, type PublicBuilderDeps } from './public-builders.ts';
import { type Answer, createResponseCache } from './response-cache.ts';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';
const BADGE_PERIODS: readonly string[] = ['24h', '7d', '30d', '90d'] satisfies UptimeWindow[];

function respond(c: Context, answer: Answer): Response {
  const cached = answer.in(pageLanguage(answer.language, c.req.header('accept-language')));
  const gzip = cached.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ? cached.gzip : null;
  const etag = gzip ? `${cached.etag.slice(0, -1)}-gz"` : cached.etag;
  const headers: Record<string, string> = {
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    ETag: etag,
    Vary: answer.language === 'auto' ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding',
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

const invalidLanguage = () => errorBody('invalid_language', 'Choose lang=en, de, fr, es, pt or ja.');

export function mountPublicStatusRoutes<E extends Env>(app: Hono<E>, deps: PublicBuilderDeps) {
  const build = createPublicBuilders(deps);
  const cache = createResponseCache(deps.clock);
  const serve = (c: Context, key: string, make: () => Promise<Answer>) =>
    cache.get(key, make).then((answer) => respond(c, answer));

  app.get('/status/monitor/:id', (c) => {
    const id = c.req.param('id');
    return serve(c, `monitor:${id}`, () => build.monitorPage(id));
  });
  app.get('/status/:slug/feed.atom', (c) => {
    const slug = c.req.param('slug');
    return serve(c, `feed:${slug}`, () => build.feed(slug));
  });
  app.get('/status/:name', (c) => {
    const name = c.req.param('name');
    if (!name.endsWith('.json')) return serve(c, `page:${name}`, () => build.page(name));
    const slug = name.slice(0, -'.json'.length);
    return serve(c, `json:${slug}`, () => build.json(slug));
  });
  // Badges are images embedded elsewhere (READMEs, dashboards): their language is asked for in
  // the address, never taken from whoever happens to load them.
  app.get('/badge/:id/status.svg', async (c) => {
    const id = c.req.param('id');
    const lang = c.req.query('lang') ?? 'en';
    if (!isPageLanguage(lang)) return c.json(invalidLanguage(), 400);
    return serve(c, `badge-status:${id}:${lang}`, () => build.statusBadge(id, lang));
  });
  app.get('/badge/:id/uptime.svg', async (c) => {
    const period = c.req.query('period') ?? '30d';
    if (!BADGE_PERIODS.includes(period)) {
      return c.json(errorBody('invalid_period', 'Choose period=24h, 7d, 30d or 90d.'), 400);
    }
    const lang = c.req.query('lang') ?? 'en';
    if (!isPageLanguage(lang)) return c.json(invalidLanguage(), 400);
    const id = c.req.param('id');
    return serve(c, `badge-uptime:${id}:${period}:${lang}`, () =>
      build.uptimeBadge(id, period as UptimeWindow, lang),
    );
  });
  app.get('/status/:name/', (c) => c.redirect(`/status/${encodeURIComponent(c.req.param('name'))}`, 301));
  // Everything else under these prefixes is the public 404, never the SPA.
  for (const path of ['/status', '/status/*', '/badge', '/badge/*']) {
    app.get(path, (c) => serve(c, 'not-available', async () => notAvailable()));
  }
}
