import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { BillingProvider } from '../billing/billing-provider';
import { NotFoundPage } from '../components/not-found';
import { sessionQueryOptions } from '../lib/session';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * Billing wraps every page (inside the router, so its flows can navigate): signed-in users get
 * their customer; signed-out visitors get billing's no-data state (the pricing page still works).
 */
function RootLayout() {
  const session = useQuery(sessionQueryOptions);
  const user = session.data?.user ?? null;
  return (
    <BillingProvider
      enabled={user !== null}
      pending={session.isPending}
      customerData={user ? { name: user.name, email: user.email } : undefined}
    >
      <Outlet />
    </BillingProvider>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
