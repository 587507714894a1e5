// Build-time entry (vite.config.ts's prerender step, run in Node): renders a public route of the
// real app to HTML, exactly as the client's first render will draw it, so hydrateRoot adopts it.
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { listProducts } from '../../core/billing/listing';
import { UPWATCH_CATALOGUE } from '../../core/billing/upwatch-catalogue';
import { PUBLIC_URL_TOKEN } from '../../core/prerender';
import { App } from '../app';
import type { BillingProduct } from '../billing/api-types';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';
import { type PrerenderState, seedPrerenderedQueries } from './state';

/** What a visitor's `/products` answers with the local provider. */
function visitorState(): PrerenderState {
  return { products: listProducts(UPWATCH_CATALOGUE, null, []) as unknown as BillingProduct[] };
}

export async function renderPage(path: string): Promise<{ html: string; state: PrerenderState }> {
  const state = visitorState();
  const queryClient = createQueryClient();
  seedPrerenderedQueries(queryClient, state, {
    githubSignIn: false,
    publicUrl: PUBLIC_URL_TOKEN,
    testMode: false,
  });
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
    // The client restores scroll itself; the server-side script would not be hydrated.
    scrollRestoration: false,
  });
  await router.load();
  // Every lazy component of the page loaded now, so nothing suspends: a suspended boundary would
  // be filled by an inline script, which a browser without JavaScript never runs.
  await Promise.all(
    router.state.matches.map((match) =>
      router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById]),
    ),
  );
  // Everything is loaded, so the synchronous render is complete (prerender-pages.ts checks that no
  // boundary fell back to its spinner).
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  return { html, state };
}
