import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const preview = {
  workspaceName: 'Acme',
  invitedBy: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'member',
  state: 'pending',
};

describe('invitation page', () => {
  it('joins the workspace when signed in and opens its dashboard', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspace/invitations/tok-1': () => json(preview),
        'POST /api/v1/workspace/invitations/accept': () => json({ workspaceId: 'w-1' }),
      },
    });
    const { router } = renderApp('/invitation/tok-1');
    expect(await screen.findByText(/Ada Lovelace invited/)).toHaveTextContent('as a member');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join Acme' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const accept = requests.find((r) => r.path === '/api/v1/workspace/invitations/accept');
    expect(accept?.body).toEqual({ token: 'tok-1' });
  });

  it('asks someone signed out to create an account or sign in, and comes back after', async () => {
    stubServer({ user: null, routes: { 'GET /api/v1/workspace/invitations/tok-2': () => json(preview) } });
    renderApp('/invitation/tok-2');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Create account' }));
    expect(sessionStorage.getItem('upwatch:invitation')).toBe('tok-2');
  });

  it('says so when the link has expired or was revoked', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/workspace/invitations/tok-3': () => json({ ...preview, state: 'expired' }) },
    });
    renderApp('/invitation/tok-3');
    expect(await screen.findByText('This invitation has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Acme' })).toBeNull();
  });
});
