import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

const NOT_BUILT = `<!doctype html><title>Upwatch</title><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>`;

/** Serves the built SPA; every other non-API GET gets index.html so client routes load directly. */
export function mountSpa<E extends Env>(app: Hono<E>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  if (indexHtml) {
    // Vite names assets by content hash, so a browser may keep them forever.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root: distDir }));
    // An old chunk name after a deploy must 404 (the SPA then reloads), never get index.html.
    app.get('/assets/*', (c) => c.text('Not found', 404));
    // Directories ("/") fall through to the fallback below, which marks index.html no-cache.
    app.use('*', serveStatic({ root: distDir, index: '__no_directory_index__' }));
  }
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return indexHtml ? c.html(indexHtml) : c.html(NOT_BUILT, 503);
  });
}
