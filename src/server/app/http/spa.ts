import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { PublicConfig } from '../../../core/api/account.ts';
import { PRERENDERED_DIR, type PrerenderedPath } from '../../../core/prerender.ts';
import { spaPolicy } from '../../platform/http/security-headers.ts';
import { prerenderedPages } from './prerendered.ts';

const NOT_BUILT = `<!doctype html><title>Upwatch</title><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>`;

/**
 * serveStatic names Accept-Encoding in Vary only when it picks a `.br`/`.gz` variant; a cache
 * must also know that the identity answer depends on it, or it could hand that to everyone.
 */
function varyOnEncoding(c: Context): void {
  const vary = c.res.headers.get('Vary');
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get('Content-Type') ?? '')) return;
  if (!vary || !/\baccept-encoding\b/i.test(vary)) c.res.headers.append('Vary', 'Accept-Encoding');
}

/**
 * Serves the built SPA, with the `.br`/`.gz` variants precompress.ts wrote at build time; the
 * pages in `prerendered` get their prerendered HTML (prerendered.ts); every other non-API GET gets
 * index.html so client routes load directly.
 */
export function mountSpa<E extends Env>(
  app: Hono<E>,
  distDir: string,
  publicConfig: PublicConfig,
  prerendered: ReadonlySet<PrerenderedPath>,
): void {
  const shell = path.join(distDir, 'index.html');
  if (!existsSync(shell)) {
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Security-Policy', spaPolicy(NOT_BUILT));
      return c.html(NOT_BUILT, 503);
    });
    return;
  }
  // Hashed once from the built shell: a deploy's new build is a new process.
  const shellPolicy = spaPolicy(readFileSync(shell, 'utf8'));

  // Vite names assets by content hash, so a browser may keep them forever.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    varyOnEncoding(c);
  });
  app.use('/assets/*', serveStatic({ root: distDir, precompressed: true }));
  // An old chunk name after a deploy must 404 (the SPA then reloads), never get index.html.
  app.get('/assets/*', (c) => c.text('Not found', 404));

  // Root files (favicon, index.html itself) and the client-route fallback: no-cache, so a
  // deploy's new index.html, naming the new asset hashes, is picked up at once.
  app.use('*', async (c, next) => {
    await next();
    // The prerendered pages bring their own policy, with their loader's hash.
    if (!c.res.headers.has('Content-Security-Policy'))
      c.res.headers.set('Content-Security-Policy', shellPolicy);
    if (c.res.status !== 200) return;
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-cache');
    varyOnEncoding(c);
  });
  // The prerendered pages are templates: they are served filled in, for their routes only.
  app.get(`/${PRERENDERED_DIR}/*`, (c) => c.text('Not found', 404));
  const prerenderedPage = prerenderedPages(distDir, publicConfig, prerendered);
  app.get('*', async (c, next) => (await prerenderedPage(c, c.req.path)) ?? next());
  // Directories ("/") fall through to the index.html fallback below.
  app.use('*', serveStatic({ root: distDir, index: '__no_directory_index__', precompressed: true }));
  app.get('*', serveStatic({ root: distDir, path: 'index.html', precompressed: true }));
}
