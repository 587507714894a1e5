// Cross-site request forgery (issue 40, item 7): a cookie rides along on any request a browser
// makes, so a page on another origin — or a sibling subdomain, which counts as the same site for
// SameSite=Lax — could pause a monitor or send a test alert with a body-less POST. A change made
// with the session cookie must come from one of Upwatch's own origins: the same list better-auth
// trusts for /api/auth. Requests with an API key carry no ambient authority and are not checked.
//
// Which origin a request came from: its Origin header, else its Referer's origin. A request with
// neither is let through unless Sec-Fetch-Site says it crossed sites: browsers send Origin on every
// request that is not GET or HEAD (Fetch standard, "append a request Origin header"; "null" when
// privacy hides it, which is refused), so a request without it did not come from a browser page
// and carries no forged intent — it is a script holding the cookie itself.
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors.ts';
import type { AppEnv } from './session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values that mean the request started on Upwatch's own pages or with the user. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    // A URL without a tuple origin (data:, file:, "null") serialises its origin as "null".
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function refusal(from: string | null) {
  const where = from ? `from ${from}` : 'from another site';
  return errorBody(
    'csrf_origin',
    `This change came ${where}, not from Upwatch's own pages, so it was refused. Make changes in the app, or call the API with an API key.`,
  );
}

/** Runs after the session is loaded: only a request the cookie authenticated is checked. */
export function refuseCrossSiteWrites(trusted: readonly string[]): MiddlewareHandler<AppEnv> {
  const origins = new Set(trusted.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.var.sessionId === null) return next();
    const claimed = c.req.header('origin') ?? c.req.header('referer');
    if (claimed === undefined) {
      const site = c.req.header('sec-fetch-site');
      if (site === undefined || OWN_FETCH_SITES.has(site)) return next();
      return c.json(refusal(null), 403);
    }
    const from = originOf(claimed);
    if (from !== null && origins.has(from)) return next();
    return c.json(refusal(from), 403);
  };
}
