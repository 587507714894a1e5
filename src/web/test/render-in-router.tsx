import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BillingProvider, type BillingProviderProps } from '../billing/billing-provider';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders a component that uses router links and billing hooks, without the app's own routes.
 * Billing reads the customer from whatever `fetch` the test stubbed (see fake-server.ts).
 */
export function renderInRouter(ui: ReactNode, billing: Omit<BillingProviderProps, 'children'> = {}) {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute({
    component: () => <BillingProvider {...billing}>{ui}</BillingProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
