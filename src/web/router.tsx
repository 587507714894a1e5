import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorPage } from './components/error-page';
import { NotFoundPage } from './components/not-found';
import { PageSpinner } from './components/ui/spinner';
import { routeTree } from './routes/tree';

/** Options every router of the app shares; tests build routers with them too. */
export const routerDefaults = {
  defaultErrorComponent: ErrorPage,
  defaultPendingComponent: PageSpinner,
  defaultNotFoundComponent: NotFoundPage,
  defaultPreload: 'intent',
  // TanStack Query owns caching; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
} as const;

export function createAppRouter({
  queryClient,
  history,
  scrollRestoration = routerDefaults.scrollRestoration,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  scrollRestoration?: boolean;
}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    ...routerDefaults,
    scrollRestoration,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
