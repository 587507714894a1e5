import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

describe('dashboard shell', () => {
  it.each(['/dashboard', '/dashboard/monitors', '/dashboard/settings', '/dashboard/monitors/m-1/uptime'])(
    'asks signed-out visitors of %s to sign in',
    async (path) => {
      const { requests } = stubServer({ user: null });
      renderApp(path);

      expect(
        await screen.findByRole('heading', { name: 'Sign in to access the dashboard' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
      expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
      expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument();
      expect(requests.some((request) => request.path.startsWith('/api/v1/monitors'))).toBe(false);
    },
  );

  it('gives signed-in users the header, footer and a user menu with Sign out', async () => {
    stubServer({ user: TEST_USER, routes: { 'POST /api/auth/sign-out': () => json({ success: true }) } });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'No monitors yet' })).toBeInTheDocument();
    const header = within(screen.getByRole('banner'));
    for (const name of ['Monitors', 'Performance', 'Incidents']) {
      expect(header.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    expect(header.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
    // Status pages and API keys have entries of their own, not only Settings tabs.
    for (const [name, href] of [
      ['Status pages', '/dashboard/settings/groups'],
      ['API keys', '/dashboard/settings/api'],
    ]) {
      for (const link of header.getAllByRole('link', { name })) expect(link).toHaveAttribute('href', href);
    }
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(footer).toHaveTextContent('Dashboard');
    expect(footer).toHaveTextContent('Pricing');
    expect(footer).toHaveTextContent('Settings');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: "Monitoring that doesn't suck" })).toBeInTheDocument();
  });

  it('names the workspace the person works in beside the logo', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': () =>
          json({ workspaces: [{ id: 'w-1', name: "Ada's workspace", role: 'owner', active: true }] }),
      },
    });
    renderApp('/dashboard');
    const banner = within(await screen.findByRole('banner'));
    expect(await banner.findByText("Ada's workspace")).toBeInTheDocument();
  });

  it('sends a member without two-factor to its set-up when the workspace requires it', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': () =>
          json({
            workspaces: [{ id: 'w-1', name: 'Acme', role: 'member', active: true, requireTwoFactor: true }],
          }),
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up two-factor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('sends signed-in visitors of the landing page to the dashboard', async () => {
    stubServer({ user: TEST_USER });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
