// Serves /rum.js, the snippet built beside the web app (src/web/rum/snippet.ts), from memory: it
// is read, hashed and compressed once at start. Customers' pages load it from their own origin,
// so it says it may be used cross-origin; it sets no cookie. /rum.js may change with a release
// and is cached an hour; /rum-{version}.js never changes and is cached for good.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../platform/http/caller.ts';

const LATEST = 'public, max-age=3600, stale-while-revalidate=86400';
const VERSIONED = 'public, max-age=31536000, immutable';

/** Nothing is mounted when the web app is not built (the SPA's 'not built' page answers). */
export function mountRumScript(app: Hono<AppEnv>, webDistDir: string): void {
  const file = path.join(webDistDir, 'rum.js');
  if (!existsSync(file)) return;
  const plain = readFileSync(file);
  const version = createHash('sha256').update(plain).digest('hex').slice(0, 12);
  const encoded = { br: brotliCompressSync(plain), gzip: gzipSync(plain, { level: 9 }) };

  const serve = (c: Context<AppEnv>, cacheControl: string) => {
    const accepted = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const headers: Record<string, string> = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': cacheControl,
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
      etag: `"${version}"`,
      vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === `"${version}"`) return c.body(null, 304, headers);
    if (encoding) headers['content-encoding'] = encoding;
    const body = encoding ? encoded[encoding] : plain;
    return c.body(new Uint8Array(body), 200, headers);
  };
  app.get('/rum.js', (c) => serve(c, LATEST));
  app.get(`/rum-${version}.js`, (c) => serve(c, VERSIONED));
}
