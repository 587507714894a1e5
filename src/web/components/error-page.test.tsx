import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { routerDefaults } from '../router';

function renderFailingRoute() {
  const rootRoute = createRootRoute();
  const failing = createRoute({
    getParentRoute: () => rootRoute,
    path: '/boom',
    loader: () => {
      throw new Error('database exploded');
    },
    component: () => <p>never shown</p>,
  });
  const dashboard = createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard',
    component: () => <p>dash</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([failing, dashboard]),
    history: createMemoryHistory({ initialEntries: ['/boom'] }),
    ...routerDefaults,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('router error page', () => {
  it('shows the generic error page when a route loader throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute();

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We encountered an error while loading this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('If this problem persists, please contact support.')).toBeInTheDocument();
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
  });

  it('reveals the technical details on demand and reloads on Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailingRoute();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /technical details/i }));
    expect(screen.getByText(/database exploded/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
