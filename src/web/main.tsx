import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { billingKeys } from './billing/queries';
import { installPreloadErrorReload } from './lib/preload-error';
import { createQueryClient } from './lib/query-client';
import { readPrerendered, seedPrerenderedQueries, takeEarlyClick } from './prerender/state';
import { createAppRouter } from './router';

// The app's CSP has no 'unsafe-eval': zod would probe `new Function` before compiling a schema,
// and the browser reports that probe as a violation even though zod catches it. Its global config
// object is shared through globalThis, so this holds for the lazily loaded chunk that brings zod.
const zodHolder = globalThis as { __zod_globalConfig?: object };
zodHolder.__zod_globalConfig ??= {};
Object.assign(zodHolder.__zod_globalConfig, { jitless: true });

installPreloadErrorReload({
  target: window,
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
});

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>
);

const prerendered = readPrerendered(document);
if (prerendered) {
  // The landing and pricing pages arrive as HTML (vite.config.ts prerenders them): seed what they
  // were drawn with, load the route's code, then adopt the HTML instead of drawing it again.
  seedPrerenderedQueries(queryClient, prerendered.state, prerendered.publicConfig);
  // Rendered like the server drew it: no Suspense boundary above the root route.
  router.ssr = { manifest: undefined };
  await router.load();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is adopted.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.error('Hydration of the prerendered page failed', error),
    });
  });
  // A button pressed before this code ran (the page's loader kept it) is pressed again now: React
  // hydrates the part holding it at once and hands it the click.
  const early = takeEarlyClick(window);
  if (early) early.click();
  // The prices were painted from the build's plan table; the server's own answer replaces them.
  void queryClient.invalidateQueries({ queryKey: billingKeys.products() });
} else {
  createRoot(root).render(app);
}
