// The browser-side policies of the app's own pages (issue 40, item 9). Status pages, their embed
// and their password form send their own, stricter CSP (status-pages/render-page.ts); nothing
// here replaces a policy a route set itself.
//
// The SPA's scripts all come from /assets, so scripts are 'self' plus, by hash, the one inline
// loader of each prerendered page (prerender-pages.ts), hashed from the file as it is served, so
// the precompressed files stay as they are. Styles allow 'unsafe-inline', on purpose: the outbox
// and digest previews render mail HTML (inline styles throughout) in sandboxed srcdoc frames,
// which inherit this policy, and the toast library inserts its stylesheet at run time; neither
// can be hashed ahead. Scripts, the part that matters for XSS, take no inline code.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Powerful features no page of the app uses, refused for the page and anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The small server-rendered pages (message-page.ts: unsubscribe, acknowledge, subscribe answers)
 * run no script; their one stylesheet and a few style attributes are inline.
 */
export const SERVER_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Permissions-Policy on every answer; on an HTML page that set no CSP of its own (the SPA and the
 * status pages do), the server pages' policy.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (!headers.has('Permissions-Policy')) headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  if (/^text\/html/i.test(headers.get('Content-Type') ?? '') && !headers.has('Content-Security-Policy')) {
    headers.set('Content-Security-Policy', SERVER_PAGE_POLICY);
  }
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Script types a browser runs; `application/json` and the like are data blocks, which CSP ignores. */
const RUNS = /^(|module|text\/javascript|application\/javascript)$/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP hash source of each inline script the page runs, as the browser hashes its text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (RUNS.test(type)) hashes.add(sha256(body));
  }
  return [...hashes];
}

/** The policy of an SPA page: its own origin's files, and the page's inline scripts by hash. */
export function spaPolicy(html: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Data URLs: the two-factor QR code. https: the logos in mail previews (a status page's own).
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // As X-Frame-Options: SAMEORIGIN, which the global secure headers send.
    "frame-ancestors 'self'",
  ].join('; ');
}
