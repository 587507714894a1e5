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
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './caller.ts';
import { errorBody } from './errors.ts';

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

/** The message of a refused write: says where it came from and what to do instead. */
export function crossSiteMessage(from: string | null): string {
  const where = from ? `from ${from}` : 'from another site';
  return `This change came ${where}, not from Upwatch's own pages, so it was refused. Make changes in the app, or call the API with an API key.`;
}

export type TrustedOrigins = ReadonlySet<string>;

export function trustedOriginSet(trusted: readonly string[]): TrustedOrigins {
  return new Set(trusted.map((origin) => new URL(origin).origin));
}

/**
 * Where a cookie-authenticated write came from when it must be refused (null: another site that
 * hid its origin); undefined when it may go on. Call after the session is loaded.
 */
export function crossSiteWrite(
  c: Context<AppEnv>,
  origins: TrustedOrigins,
): { from: string | null } | undefined {
  if (SAFE_METHODS.has(c.req.method) || c.var.sessionId === null) return undefined;
  const claimed = c.req.header('origin') ?? c.req.header('referer');
  if (claimed === undefined) {
    const site = c.req.header('sec-fetch-site');
    return site === undefined || OWN_FETCH_SITES.has(site) ? undefined : { from: null };
  }
  const from = originOf(claimed);
  return from !== null && origins.has(from) ? undefined : { from };
}

/** Runs after the session is loaded: only a request the cookie authenticated is checked. */
export function refuseCrossSiteWrites(trusted: readonly string[]): MiddlewareHandler<AppEnv> {
  const origins = trustedOriginSet(trusted);
  return async (c, next) => {
    const refused = crossSiteWrite(c, origins);
    if (!refused) return next();
    return c.json(errorBody('csrf_origin', crossSiteMessage(refused.from)), 403);
  };
}
