// JSON API answers over 1 KiB go out gzip- (or deflate-) compressed when the client accepts
// it; smaller ones are not worth the CPU and the bytes of a gzip header. Everything else under
// /api passes untouched: Server-Sent Events must reach the browser as written, never held in a
// compressor's buffer.
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

export const COMPRESS_THRESHOLD_BYTES = 1024;
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:[;\s]|$)/i;

const gzipLarge = compress({ threshold: COMPRESS_THRESHOLD_BYTES, contentTypeFilter: JSON_TYPE });

/**
 * Hono's compress applies its threshold only when Content-Length is known, and c.json() sets
 * none. JSON answers are whole strings in memory (never streamed), so measuring them is cheap.
 */
async function measureJson(c: Context): Promise<void> {
  const { res } = c;
  if (
    !res.body ||
    res.headers.has('Content-Length') ||
    !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')
  ) {
    return;
  }
  const bytes = await res.arrayBuffer();
  c.res = new Response(bytes, res);
  c.res.headers.set('Content-Length', String(bytes.byteLength));
}

export const compressJson: MiddlewareHandler = (c, next) =>
  gzipLarge(c, async () => {
    await next();
    await measureJson(c);
  });
