// Requests whose Host is a verified custom hostname are that page's, whatever their path: `/` the
// page, `/status.json`, `/feed.atom`, `/widget.js`, `/embed`, `/access` (the password form) and
// the badges of its monitors; anything else there is the public 404 (JSON for a `.json` path),
// never the app, its API or its sign-in. So is everything while the page is unpublished: the
// proxy may still hold the domain's certificate. Upwatch's own hostnames and IP addresses skip the
// lookup; any other Host costs one cached lookup (10 s).
import type { Context, MiddlewareHandler } from 'hono';
import { isIpLiteral } from '../../../core/api/monitor-kinds/host.ts';
import { errorBody } from '../../platform/http/errors.ts';
import { en } from '../i18n/en.ts';
import type { PageDirectory, PageRef } from '../page-directory.ts';
import type { PageAnswer, PublicAnswers } from '../public-routes.ts';
import type { PageSite } from '../site.ts';

const ANSWERS = new Map<string, PageAnswer>([
  ['/', 'page'],
  ['/status.json', 'json'],
  ['/feed.atom', 'feed'],
  ['/widget.js', 'widget'],
  ['/embed', 'embed'],
]);
const BADGE = /^\/badge\/([^/]+)\/(status|uptime)\.svg$/;

/** The public 404; a script asking for JSON gets JSON it can read, with a code. */
function notAvailable(c: Context, answers: PublicAnswers) {
  if (!c.req.path.endsWith('.json')) return answers.notFound(c);
  const body = errorBody('status_page_not_available', en.notAvailable);
  return c.json(body, 404, { 'Access-Control-Allow-Origin': '*' });
}

function serveAtDomain(c: Context, answers: PublicAnswers, page: PageRef, site: PageSite) {
  const { method, path } = c.req;
  if (method === 'POST' && path === '/access') return answers.enter(c, page, site);
  if (method === 'GET' || method === 'HEAD') {
    const kind = ANSWERS.get(path);
    if (kind) return answers.answer(c, page, site, kind);
    const badge = BADGE.exec(path);
    // A private page lists no badges, as it has no feed.
    if (badge?.[1] && page.access === 'public') {
      return answers.badge(c, badge[1], badge[2] === 'status' ? 'status' : 'uptime', page.id);
    }
  }
  return notAvailable(c, answers);
}

export function customDomainRouter({
  publicUrl,
  directory,
  answers,
}: {
  publicUrl: string;
  directory: PageDirectory;
  answers: PublicAnswers;
}): MiddlewareHandler {
  const own = new Set([new URL(publicUrl).hostname, 'localhost']);
  // TLS ends at the reverse proxy: visitors reach a custom domain the way they reach PUBLIC_URL.
  const { protocol } = new URL(publicUrl);
  return async (c, next) => {
    // The Host header as sent (node's server always has one; in-process requests name it in the URL).
    const authority = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    const host = authority.replace(/:\d+$/, '');
    if (own.has(host) || host.startsWith('[') || isIpLiteral(host)) return next();
    const page = await directory.byHost(host.replace(/\.$/, ''));
    if (!page) return next();
    if (!page.published) return notAvailable(c, answers);
    return serveAtDomain(c, answers, page, { origin: `${protocol}//${authority}`, path: '' });
  };
}
