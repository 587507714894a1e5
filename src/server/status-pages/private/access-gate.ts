// Who may see a private page: with its password, a visitor holding the signed cookie the password
// form sets (attempts rate-limited per address and page); for members only, a signed-in member of
// its workspace (by the Upwatch session, so only under PUBLIC_URL: a custom domain has no session
// cookie and links there). Everything here is sent `private, no-store`. The visitor reads these
// pages in the page's language; a `.json` is refused in English, as its JSON is language-neutral.
import { verifyPassword } from 'better-auth/crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import type { Auth } from '../../auth/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import { clientAddress } from '../../platform/http/client-ip.ts';
import { errorBody } from '../../platform/http/errors.ts';
import { workspaceSettings } from '../../workspaces/settings.ts';
import { localeOf, MESSAGES, type PageLocale, pageLanguage } from '../i18n/locale.ts';
import type { PageRef } from '../page-directory.ts';
import { type PageSite, sitePaths } from '../site.ts';
import { countAttempt } from './access-attempts.ts';
import { ACCESS_COOKIE_DAYS, accessCookieName, hasAccess, signAccess } from './access-cookie.ts';
import { type AccessPage, membersPage, passwordPage } from './access-page.ts';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** A password form's body is a few dozen bytes; anything much larger is not one. */
const FORM_LIMIT_BYTES = 4096;

export interface AccessGateDeps {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  auth: Pick<Auth, 'api'>;
  publicUrl: string;
  trustProxy: boolean;
}

/** The language the page speaks to this visitor: its own, or for 'auto' their Accept-Language. */
function localeFor(c: Context, page: PageRef): PageLocale {
  return localeOf(pageLanguage(page.row.language, c.req.header('accept-language')));
}

function send(
  c: Context,
  page: PageRef,
  status: 401 | 403 | 429,
  form: AccessPage,
  extra: Record<string, string> = {},
) {
  return c.body(form.html, status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': form.csp,
    'Cache-Control': PRIVATE_CACHE_CONTROL,
    Vary: page.row.language === 'auto' ? 'Accept-Language, Cookie' : 'Cookie',
    ...extra,
  });
}

/** The urlencoded form, or an empty one when the body is larger than a password form. */
async function readForm(request: Request): Promise<URLSearchParams> {
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    size += chunk.value.byteLength;
    if (size > FORM_LIMIT_BYTES) {
      await reader?.cancel();
      return new URLSearchParams();
    }
    chunks.push(chunk.value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The table's words for each reason a request may not see a private page. */
type RefusalReason = 'passwordIntro' | 'membersIntro' | 'notAMember' | 'twoFactorRequired';

/** Why a request may not see a private page: as the visitor's page, or as a JSON error for `.json`. */
interface Refusal {
  status: 401 | 403;
  code: string;
  reason: RefusalReason;
  page: AccessPage;
}

export function createAccessGate({ db, clock, secret, auth, publicUrl, trustProxy }: AccessGateDeps) {
  async function members(c: Context, page: PageRef, site: PageSite): Promise<Refusal | null> {
    const locale = localeFor(c, page);
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      // Under a custom domain no Upwatch session exists: the page's address under PUBLIC_URL has.
      const signInUrl = site.path ? `${publicUrl}/signin` : `${publicUrl}/status/${page.slug}`;
      return {
        status: 401,
        code: 'sign_in_required',
        reason: 'membersIntro',
        page: membersPage(locale, page.name, { signInUrl }),
      };
    }
    const membership = await db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select('organization.metadata')
      .where('member.organizationId', '=', page.workspaceId)
      .where('member.userId', '=', session.user.id)
      .executeTakeFirst();
    const refused = (code: string, reason: RefusalReason): Refusal => ({
      status: 403,
      code,
      reason,
      page: membersPage(locale, page.name, { reason: locale.t[reason] }),
    });
    if (!membership) return refused('not_a_member', 'notAMember');
    if (workspaceSettings(membership.metadata).requireTwoFactor && !session.user.twoFactorEnabled) {
      return refused('two_factor_required', 'twoFactorRequired');
    }
    return null;
  }

  async function refusal(c: Context, page: PageRef, site: PageSite): Promise<Refusal | null> {
    if (page.access === 'public') return null;
    if (page.access === 'members') return members(c, page, site);
    if (hasAccess(secret, getCookie(c, accessCookieName(page.id)), page, clock.now())) return null;
    return {
      status: 401,
      code: 'password_required',
      reason: 'passwordIntro',
      page: passwordPage(localeFor(c, page), page.name, sitePaths(site.path).access, null),
    };
  }

  return {
    /** Null when the request may see the page; else what to answer instead, as a page or as JSON. */
    async check(c: Context, page: PageRef, site: PageSite, as: 'html' | 'json'): Promise<Response | null> {
      const refused = await refusal(c, page, site);
      if (!refused) return null;
      if (as === 'html') return send(c, page, refused.status, refused.page);
      return c.json(errorBody(refused.code, MESSAGES.en[refused.reason]), refused.status, {
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      });
    },

    /** The password form's POST: the cookie and back to the page, or the form again saying why not. */
    async enter(c: Context, page: PageRef, site: PageSite): Promise<Response> {
      const paths = sitePaths(site.path);
      if (page.access !== 'password' || !page.passwordHash) return c.redirect(paths.page, 303);
      const address = clientAddress(c, trustProxy) ?? 'unknown';
      const now = clock.now();
      const decision = await countAttempt(db, page.id, address, now);
      const locale = localeFor(c, page);
      const form = (error: string) => passwordPage(locale, page.name, paths.access, error);
      if (!decision.allowed) {
        return send(c, page, 429, form(locale.t.tooManyAttempts), {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
      const password = (await readForm(c.req.raw)).get('password') ?? '';
      if (!password || !(await verifyPassword({ hash: page.passwordHash, password }))) {
        return send(c, page, 401, form(locale.t.wrongPassword));
      }
      setCookie(c, accessCookieName(page.id), signAccess(secret, page.id, page.passwordHash, now), {
        // Under PUBLIC_URL the page's HTML and JSON share /status; a custom domain is the page's own.
        path: site.path ? '/status' : '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: site.origin.startsWith('https:'),
        maxAge: ACCESS_COOKIE_DAYS * 86_400,
      });
      c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return c.redirect(paths.page, 303);
    },
  };
}

export type AccessGate = ReturnType<typeof createAccessGate>;
