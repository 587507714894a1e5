// The public, signed-out side: status pages as HTML, JSON and Atom, SVG badges, the widget and the
// embed, under PUBLIC_URL and at each verified custom domain (custom-domains/host-router.ts). Every
// answer comes from the 10-second response cache; a public one carries Cache-Control and a strong
// ETag, a private page's is sent only past its access gate and never to shared caches. An answer
// whose language is 'auto' speaks the visitor's Accept-Language and says it varies by it.
import type { Context, Env, Hono } from 'hono';
import type { UptimeWindow } from '../history/uptime.ts';
import { errorBody } from '../platform/http/errors.ts';
import { isPageLanguage, pageLanguage } from './i18n/locale.ts';
import type { PageDirectory, PageRef } from './page-directory.ts';
import { type AccessGate, PRIVATE_CACHE_CONTROL } from './private/access-gate.ts';
import { createPublicBuilders, notAvailable, type PublicBuilderDeps } from './public-builders.ts';
import { type Answer, createResponseCache } from './response-cache.ts';
import { mainSite, type PageSite } from './site.ts';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';
const BADGE_PERIODS: readonly string[] = ['24h', '7d', '30d', '90d'] satisfies UptimeWindow[];

/** What a group page answers besides itself; a private page has only its HTML and JSON. */
export type PageAnswer = 'page' | 'json' | 'feed' | 'widget' | 'embed';
const PRIVATE_ANSWERS: readonly PageAnswer[] = ['page', 'json'];

/** The answer in this visitor's language, gzipped if they take it, and what that depends on. */
function pick(c: Context, answer: Answer) {
  const cached = answer.in(pageLanguage(answer.language, c.req.header('accept-language')));
  const gzip = cached.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ? cached.gzip : null;
  const vary = answer.language === 'auto' ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding';
  return { cached, gzip, vary };
}

function respond(c: Context, answer: Answer): Response {
  const { cached, gzip, vary } = pick(c, answer);
  const etag = gzip ? `${cached.etag.slice(0, -1)}-gz"` : cached.etag;
  const headers: Record<string, string> = {
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    ETag: etag,
    Vary: vary,
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

/** A private page's bytes: for this visitor only, and not readable by other sites' scripts. */
function respondPrivately(c: Context, answer: Answer): Response {
  const { cached, gzip, vary } = pick(c, answer);
  const { 'Access-Control-Allow-Origin': _anyOrigin, ...own } = cached.headers ?? {};
  return c.body(gzip ?? cached.bytes, cached.status, {
    ...own,
    'Cache-Control': PRIVATE_CACHE_CONTROL,
    Vary: `${vary}, Cookie`,
    'Content-Type': cached.contentType,
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
}

const invalidLanguage = () => errorBody('invalid_language', 'Choose lang=en, de, fr, es, pt or ja.');

export interface PublicRouteDeps extends PublicBuilderDeps {
  gate: AccessGate;
}

export function createPublicAnswers({ gate, ...deps }: PublicRouteDeps) {
  const build = createPublicBuilders(deps);
  const cache = createResponseCache(deps.clock);
  const serve = (c: Context, key: string, make: () => Promise<Answer>) =>
    cache.get(key, make).then((answer) => respond(c, answer));
  const notFound = (c: Context) => serve(c, 'not-available', async () => notAvailable());

  return {
    serve,
    notFound,
    build,
    /** One of a group page's answers, at the site it is asked for. */
    async answer(c: Context, page: PageRef, site: PageSite, kind: PageAnswer): Promise<Response> {
      const key = `${kind}:${page.slug}@${site.origin}${site.path}`;
      const make = () => build[kind](page.row, site);
      if (page.access === 'public') return serve(c, key, make);
      if (!PRIVATE_ANSWERS.includes(kind)) return notFound(c);
      const refusal = await gate.check(c, page, site, kind === 'json' ? 'json' : 'html');
      return refusal ?? respondPrivately(c, await cache.get(key, make));
    },
    enter: (c: Context, page: PageRef, site: PageSite) => gate.enter(c, page, site),
    /**
     * A badge of a monitor with its own public page, or (pageId) one on a page at its domain.
     * Badges are images embedded elsewhere (READMEs, dashboards): their language is asked for in
     * the address (`?lang=`), never taken from whoever happens to load them.
     */
    async badge(
      c: Context,
      id: string,
      kind: 'status' | 'uptime',
      pageId: string | null = null,
    ): Promise<Response> {
      const lang = c.req.query('lang') ?? 'en';
      if (!isPageLanguage(lang)) return c.json(invalidLanguage(), 400);
      const scope = pageId ? `@${pageId}` : '';
      if (kind === 'status') {
        return serve(c, `badge-status:${id}:${lang}${scope}`, () => build.statusBadge(id, lang, pageId));
      }
      const period = c.req.query('period') ?? '30d';
      if (!BADGE_PERIODS.includes(period)) {
        return c.json(errorBody('invalid_period', 'Choose period=24h, 7d, 30d or 90d.'), 400);
      }
      return serve(c, `badge-uptime:${id}:${period}:${lang}${scope}`, () =>
        build.uptimeBadge(id, period as UptimeWindow, lang, pageId),
      );
    },
  };
}

export type PublicAnswers = ReturnType<typeof createPublicAnswers>;

export function mountPublicStatusRoutes<E extends Env>(
  app: Hono<E>,
  answers: PublicAnswers,
  { directory, publicUrl }: { directory: PageDirectory; publicUrl: string },
) {
  const bySlug = async (c: Context, slug: string, kind: PageAnswer) => {
    const page = await directory.bySlug(slug);
    return page ? answers.answer(c, page, mainSite(publicUrl, slug), kind) : answers.notFound(c);
  };

  app.get('/status/monitor/:id', (c) => {
    const id = c.req.param('id');
    return answers.serve(c, `monitor:${id}`, () => answers.build.monitorPage(id));
  });
  app.get('/status/:slug/feed.atom', (c) => bySlug(c, c.req.param('slug'), 'feed'));
  app.get('/status/:slug/widget.js', (c) => bySlug(c, c.req.param('slug'), 'widget'));
  app.get('/status/:slug/embed', (c) => bySlug(c, c.req.param('slug'), 'embed'));
  app.post('/status/:slug/access', async (c) => {
    const slug = c.req.param('slug');
    const page = await directory.bySlug(slug);
    return page ? answers.enter(c, page, mainSite(publicUrl, slug)) : answers.notFound(c);
  });
  app.get('/status/:name', (c) => {
    const name = c.req.param('name');
    if (!name.endsWith('.json')) return bySlug(c, name, 'page');
    return bySlug(c, name.slice(0, -'.json'.length), 'json');
  });
  app.get('/badge/:id/status.svg', (c) => answers.badge(c, c.req.param('id'), 'status'));
  app.get('/badge/:id/uptime.svg', (c) => answers.badge(c, c.req.param('id'), 'uptime'));
  app.get('/status/:name/', (c) => c.redirect(`/status/${encodeURIComponent(c.req.param('name'))}`, 301));
  // Everything else under these prefixes is the public 404, never the SPA.
  for (const path of ['/status', '/status/*', '/badge', '/badge/*']) {
    app.get(path, (c) => answers.notFound(c));
  }
}
