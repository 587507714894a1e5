// The visitor's routes beside a status page, server-rendered and without sign-in:
//   GET  /status/{slug}/subscribe              the full form, with the page's monitors to tick
//   POST /status/{slug}/subscribe              either form (email, or webhookUrl; monitor ticks)
//   GET  /status/{slug}/confirm/{token}        the link in the confirmation message
//   GET  /status/{slug}/unsubscribe/{token}    a page with one button (a mail scanner changes nothing)
//   POST /status/{slug}/unsubscribe/{token}    that button, and RFC 8058 one-click from mail clients
// Answers are never cached: they are about one visitor.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { clientAddress } from '../http/client-ip.ts';
import { messagePage } from '../http/message-page.ts';
import type { AppEnv } from '../http/session.ts';
import { escapeHtml as e } from '../mail/layout.ts';
import { pageLanguage } from '../status-pages/i18n/locale.ts';
import { notAvailable } from '../status-pages/public-builders.ts';
import { subscribeOptionsForm } from './form.ts';
import { type PageRef, type SignupForm, SignupRefusal, type SignupResult, type Signups } from './signup.ts';
import { fill, SUBSCRIBE_TEXT as T } from './text.ts';

const FORM_LIMIT_BYTES = 16 * 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };

function page(c: Context, status: ContentfulStatusCode, title: string, body: string, headers = {}) {
  return c.html(messagePage(title, body), status, { ...PRIVATE, ...headers });
}

const backLink = (slug: string) => `<p><a href="/status/${e(encodeURIComponent(slug))}">${e(T.back)}</a></p>`;

function refused(c: Context, slug: string, refusal: SignupRefusal) {
  if (refusal.status === 404) {
    const built = notAvailable().in(pageLanguage('auto', c.req.header('accept-language')));
    return c.html(built.body, 404, { ...PRIVATE, ...built.headers });
  }
  return page(
    c,
    refusal.status,
    refusal.title,
    `<p>${e(refusal.message)}</p>${backLink(slug)}`,
    refusal.headers,
  );
}

/** Runs `work`, showing a refusal as its page; anything else is a real failure (500). */
async function answer(c: Context, slug: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SignupRefusal) return refused(c, slug, err);
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

function subscribedPage(result: SignupResult, slug: string): [string, string] {
  if (result.kind === 'email') {
    return [T.sentTitle, `<p>${e(fill(T.sentEmail, { address: result.address }))}</p>${backLink(slug)}`];
  }
  const secret = result.secret ? `<p>${e(T.webhookSecret)}</p><p><code>${e(result.secret)}</code></p>` : '';
  return [
    T.webhookSentTitle,
    `<p>${e(fill(T.webhookSent, { address: result.address }))}</p>${secret}${backLink(slug)}`,
  ];
}

function unsubscribedPage(c: Context, ref: PageRef) {
  return page(
    c,
    200,
    T.unsubscribedTitle,
    `<p>${e(fill(T.unsubscribed, { page: ref.name }))}</p>${backLink(ref.slug)}`,
  );
}

export function mountSubscriberRoutes(app: Hono<AppEnv>, signups: Signups, trustProxy: boolean): void {
  const limit = bodyLimit({
    maxSize: FORM_LIMIT_BYTES,
    onError: (c) => page(c, 413, T.notAcceptedTitle, `<p>${e(T.missingAddress)}</p>`),
  });

  app.get('/status/:slug/subscribe', (c) => {
    const slug = c.req.param('slug');
    return answer(c, slug, async () => {
      const { page: ref, monitors } = await signups.options(slug);
      const form = subscribeOptionsForm(`/status/${encodeURIComponent(slug)}`, monitors);
      return page(c, 200, fill(T.optionsTitle, { page: ref.name }), `${form}${backLink(slug)}`);
    });
  });

  app.post('/status/:slug/subscribe', limit, (c) => {
    const slug = c.req.param('slug');
    return answer(c, slug, async () => {
      const form = await readForm(c);
      const result = await signups.subscribe(slug, form, clientAddress(c, trustProxy) ?? null);
      const [title, body] = subscribedPage(result, slug);
      return page(c, 200, title, body);
    });
  });

  app.get('/status/:slug/confirm/:token', (c) => {
    const slug = c.req.param('slug');
    return answer(c, slug, async () => {
      const ref = await signups.confirm(slug, c.req.param('token'));
      const body = `<p>${e(fill(T.confirmed, { page: ref.name }))}</p>${backLink(ref.slug)}`;
      return page(c, 200, T.confirmedTitle, body);
    });
  });

  app.get('/status/:slug/unsubscribe/:token', (c) => {
    const slug = c.req.param('slug');
    const token = c.req.param('token');
    return answer(c, slug, async () => {
      const target = await signups.unsubscribeTarget(slug, token);
      if (!target.id) return unsubscribedPage(c, target.page);
      const action = `/status/${encodeURIComponent(slug)}/unsubscribe/${encodeURIComponent(token)}`;
      const body = `<p>${e(fill(T.unsubscribe, { page: target.page.name }))}</p>
<form method="post" action="${e(action)}"><button type="submit">${e(T.unsubscribeButton)}</button></form>`;
      return page(c, 200, fill(T.unsubscribeTitle, { page: target.page.name }), body);
    });
  });

  app.post('/status/:slug/unsubscribe/:token', (c) => {
    const slug = c.req.param('slug');
    return answer(c, slug, async () => {
      const target = await signups.unsubscribe(slug, c.req.param('token'));
      return unsubscribedPage(c, target.page);
    });
  });
}
