import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AppErrorBoundary } from './components/unexpected-error';
import { installLeaveGuard } from './lib/leave-guard';
import type { createAppRouter } from './router';

/** SPEC.md §9: toasts last 4000 ms, at most 3 visible. */
export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;

// Fetched after the first render: a page paints and hydrates without the toast library.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  useEffect(() => installLeaveGuard(queryClient), [queryClient]);
  // Toasts exist only after the app has started: the toaster's theme comes from the browser, so a
  // prerendered page, hydrated here, could not have drawn it; and its code can come later.
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);

  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {started ? (
          <Suspense fallback={null}>
            <Toaster
              duration={TOAST_DURATION_MS}
              visibleToasts={VISIBLE_TOASTS}
              theme="system"
              richColors
              closeButton
            />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
