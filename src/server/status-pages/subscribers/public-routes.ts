// The visitor's routes beside a status page, server-rendered and without sign-in:
//   GET  /status/{slug}/subscribe              the full form, with the page's monitors to tick
//   POST /status/{slug}/subscribe              either form (email, or webhookUrl; monitor ticks)
//   GET  /status/{slug}/confirm/{token}        the link in the confirmation message
//   GET  /status/{slug}/unsubscribe/{token}    a page with one button (a mail scanner changes nothing)
//   POST /status/{slug}/unsubscribe/{token}    that button, and RFC 8058 one-click from mail clients
// Answers speak the page's language ('auto': the visitor's Accept-Language) and are never cached:
// they are about one visitor.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { StatusPageLanguageSetting } from '../../../core/api/status-pages.ts';
import { escapeHtml as e } from '../../../core/mail-layout.ts';
import type { AppEnv } from '../../platform/http/caller.ts';
import { clientAddress } from '../../platform/http/client-ip.ts';
import { messagePage } from '../../platform/http/message-page.ts';
import { localeOf, negotiateLanguage, type PageLocale, pageLanguage } from '../i18n/locale.ts';
import { notAvailable } from '../public-builders.ts';
import { subscribeOptionsForm } from './form.ts';
import {
  type PageRef,
  type RefusalReason,
  type SignupForm,
  SignupRefusal,
  type SignupResult,
  type Signups,
} from './signup.ts';

const FORM_LIMIT_BYTES = 16 * 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };

/** The locale a page with this language setting speaks to this request's visitor. */
function localeFor(c: Context, setting: StatusPageLanguageSetting): PageLocale {
  return localeOf(pageLanguage(setting, c.req.header('accept-language')));
}

function page(
  c: Context,
  locale: PageLocale,
  status: ContentfulStatusCode,
  title: string,
  body: string,
  headers = {},
) {
  return c.html(messagePage(title, body, locale.language), status, { ...PRIVATE, ...headers });
}

const backLink = (slug: string, { t }: PageLocale) =>
  `<p><a href="/status/${e(encodeURIComponent(slug))}">${e(t.subscription.back)}</a></p>`;

/** A refusal's title and message. */
function refusalText(
  reason: Exclude<RefusalReason, 'notFound'>,
  count: number,
  locale: PageLocale,
): [string, string] {
  const words = locale.t.subscription;
  switch (reason) {
    case 'invalidLink':
      return [words.invalidLinkTitle, words.invalidLink];
    case 'expired':
      return [words.expiredTitle, words.expired];
    case 'limit':
      return [words.limitTitle, words.limit(locale.count(count))];
    case 'rate':
      return [words.rateTitle, words.rate(count, locale.count(count))];
    default:
      return [words.notAcceptedTitle, words.notAccepted[reason]];
  }
}

async function refused(c: Context, signups: Signups, slug: string, refusal: SignupRefusal) {
  if (refusal.reason === 'notFound') {
    const built = notAvailable().in(pageLanguage('auto', c.req.header('accept-language')));
    return c.html(built.body, 404, { ...PRIVATE, ...built.headers });
  }
  const locale = localeFor(c, await signups.languageOf(slug));
  const [title, message] = refusalText(refusal.reason, refusal.count, locale);
  const body = `<p>${e(message)}</p>${backLink(slug, locale)}`;
  return page(c, locale, refusal.status, title, body, refusal.headers);
}

/** Runs `work`, showing a refusal as its page; anything else is a real failure (500). */
async function answer(
  c: Context,
  signups: Signups,
  slug: string,
  work: () => Promise<Response>,
): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SignupRefusal) return refused(c, signups, slug, err);
    throw err;
  }
}

function field(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

async function readForm(c: Context): Promise<SignupForm> {
  const body = await c.req.parseBody({ all: true });
  const monitors = body.monitor;
  const monitorIds = (Array.isArray(monitors) ? monitors : [monitors]).filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  return { email: field(body.email), webhookUrl: field(body.webhookUrl), monitorIds };
}

function subscribedPage(result: SignupResult, slug: string, locale: PageLocale): [string, string] {
  const words = locale.t.subscription;
  if (result.kind === 'email') {
    return [words.sentTitle, `<p>${e(words.sentEmail(result.address))}</p>${backLink(slug, locale)}`];
  }
  const secret = result.secret
    ? `<p>${e(words.webhookSecret)}</p><p><code>${e(result.secret)}</code></p>`
    : '';
  return [
    words.webhookSentTitle,
    `<p>${e(words.webhookSent(result.address))}</p>${secret}${backLink(slug, locale)}`,
  ];
}

function unsubscribedPage(c: Context, ref: PageRef) {
  const locale = localeFor(c, ref.language);
  const words = locale.t.subscription;
  const body = `<p>${e(words.unsubscribed(ref.name))}</p>${backLink(ref.slug, locale)}`;
  return page(c, locale, 200, words.unsubscribedTitle, body);
}

export function mountSubscriberRoutes(app: Hono<AppEnv>, signups: Signups, trustProxy: boolean): void {
  const limit = bodyLimit({
    maxSize: FORM_LIMIT_BYTES,
    onError: (c) => refused(c, signups, c.req.param('slug') ?? '', new SignupRefusal(413, 'missingAddress')),
  });

  app.get('/status/:slug/subscribe', (c) => {
    const slug = c.req.param('slug');
    return answer(c, signups, slug, async () => {
      const { page: ref, monitors } = await signups.options(slug);
      const locale = localeFor(c, ref.language);
      const form = subscribeOptionsForm(`/status/${encodeURIComponent(slug)}`, monitors, locale.t);
      const title = locale.t.subscription.optionsTitle(ref.name);
      return page(c, locale, 200, title, `${form}${backLink(slug, locale)}`);
    });
  });

  app.post('/status/:slug/subscribe', limit, (c) => {
    const slug = c.req.param('slug');
    return answer(c, signups, slug, async () => {
      const form = await readForm(c);
      const result = await signups.subscribe(slug, form, {
        address: clientAddress(c, trustProxy) ?? null,
        language: negotiateLanguage(c.req.header('accept-language')),
      });
      const locale = localeFor(c, result.page.language);
      const [title, body] = subscribedPage(result, slug, locale);
      return page(c, locale, 200, title, body);
    });
  });

  app.get('/status/:slug/confirm/:token', (c) => {
    const slug = c.req.param('slug');
    return answer(c, signups, slug, async () => {
      const ref = await signups.confirm(slug, c.req.param('token'));
      const locale = localeFor(c, ref.language);
      const words = locale.t.subscription;
      const body = `<p>${e(words.confirmed(ref.name))}</p>${backLink(ref.slug, locale)}`;
      return page(c, locale, 200, words.confirmedTitle, body);
    });
  });

  app.get('/status/:slug/unsubscribe/:token', (c) => {
    const slug = c.req.param('slug');
    const token = c.req.param('token');
    return answer(c, signups, slug, async () => {
      const target = await signups.unsubscribeTarget(slug, token);
      if (!target.id) return unsubscribedPage(c, target.page);
      const locale = localeFor(c, target.page.language);
      const words = locale.t.subscription;
      const action = `/status/${encodeURIComponent(slug)}/unsubscribe/${encodeURIComponent(token)}`;
      const body = `<p>${e(words.unsubscribe(target.page.name))}</p>
<form method="post" action="${e(action)}"><button type="submit">${e(words.unsubscribeButton)}</button></form>`;
      return page(c, locale, 200, words.unsubscribeTitle(target.page.name), body);
    });
  });

  app.post('/status/:slug/unsubscribe/:token', (c) => {
    const slug = c.req.param('slug');
    return answer(c, signups, slug, async () => {
      const target = await signups.unsubscribe(slug, c.req.param('token'));
      return unsubscribedPage(c, target.page);
    });
  });
}
