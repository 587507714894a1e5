import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';

/** The whole app (providers, router, error boundary) at `path`, in memory. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App queryClient={queryClient} router={router} />);
  return { ...view, router, queryClient };
}
