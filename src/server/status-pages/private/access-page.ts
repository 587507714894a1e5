// The page a visitor sees instead of a private status page: the password form, or the note that
// the page is for its workspace's members. Self-contained like the status page (inline style
// allowed by hash, no script), light or dark as the visitor prefers, in the page's language.
import { createHash } from 'node:crypto';
import { escapeXml as e } from '../format.ts';
import type { PageLocale } from '../i18n/locale.ts';

const STYLE = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{width:100%;max-width:24rem;margin:1rem;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1rem;color:#475569}label{display:block;font-weight:600;font-size:.875rem;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:inherit}
button,a.button{display:inline-block;margin-top:1rem;font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;cursor:pointer;text-decoration:none}
.error{color:#b91c1c;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0b1120;color:#f1f5f9}main{background:#111827;border-color:#1f2937}p{color:#cbd5e1}input{background:#0b1120;border-color:#475569}button,a.button{background:#f1f5f9;color:#0b1120}.error{color:#f87171}}`;

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface AccessPage {
  html: string;
  csp: string;
}

function document(locale: PageLocale, title: string, body: string): AccessPage {
  const html = `<!doctype html>
<html lang="${locale.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${e(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${e(title)}</h1>${body}</main></body></html>`;
  return { html, csp: CSP };
}

/** The password form, posting to `action`; `error` says why the last attempt failed. */
export function passwordPage(
  locale: PageLocale,
  title: string,
  action: string,
  error: string | null,
): AccessPage {
  const { t } = locale;
  const problem = error ? `<p class="error" role="alert">${e(error)}</p>` : '';
  return document(
    locale,
    title,
    `<p>${e(t.passwordIntro)}</p>${problem}<form method="post" action="${e(action)}"><label for="password">${e(t.passwordLabel)}</label><input id="password" name="password" type="password" autocomplete="current-password" required autofocus><button type="submit">${e(t.viewStatusPage)}</button></form>`,
  );
}

/** For a members-only page: a link to sign in first, or why the signed-in account may not see it. */
export function membersPage(
  locale: PageLocale,
  title: string,
  refusal: { signInUrl: string } | { reason: string },
): AccessPage {
  const { t } = locale;
  const next =
    'signInUrl' in refusal
      ? `<a class="button" href="${e(refusal.signInUrl)}">${e(t.signIn)}</a>`
      : `<p class="error">${e(refusal.reason)}</p>`;
  return document(locale, title, `<p>${e(t.membersIntro)}</p>${next}`);
}
