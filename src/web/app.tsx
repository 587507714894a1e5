import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { AppErrorBoundary } from './components/unexpected-error';
import { installLeaveGuard } from './lib/leave-guard';
import type { createAppRouter } from './router';

/** SPEC.md §9: toasts last 4000 ms, at most 3 visible. */
export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  useEffect(() => installLeaveGuard(queryClient), [queryClient]);

  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster
          duration={TOAST_DURATION_MS}
          visibleToasts={VISIBLE_TOASTS}
          theme="system"
          richColors
          closeButton
        />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
