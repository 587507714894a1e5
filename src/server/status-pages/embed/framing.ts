// The embed may be framed by any site; the global secure headers still add X-Frame-Options:
// SAMEORIGIN to it. A response whose own CSP allows framing by `frame-ancestors *` drops that
// header, so no browser honours the stricter one. Everything else keeps refusing framing.
import type { MiddlewareHandler } from 'hono';

export const framingByOwnPolicy: MiddlewareHandler = async (c, next) => {
  await next();
  if (/(^|;)\s*frame-ancestors \*\s*(;|$)/.test(c.res.headers.get('content-security-policy') ?? '')) {
    c.res.headers.delete('x-frame-options');
  }
};
