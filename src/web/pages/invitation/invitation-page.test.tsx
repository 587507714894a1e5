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

  it('signs up with the invited address, read-only, and joins the workspace once the account is made', async () => {
    let signedUp = false;
    const now = new Date().toISOString();
    const { requests } = stubServer({
      user: null,
      routes: {
        'GET /api/v1/workspace/invitations/tok-4': () => json(preview),
        'POST /api/auth/sign-up/email': () => {
          signedUp = true;
          return json({ user: { ...TEST_USER, email: 'ada@example.com' }, token: 't' });
        },
        'GET /api/auth/get-session': () =>
          json(
            signedUp
              ? {
                  user: { ...TEST_USER, emailVerified: false, image: null, createdAt: now, updatedAt: now },
                  session: {
                    id: 's',
                    userId: TEST_USER.id,
                    token: 't',
                    expiresAt: now,
                    createdAt: now,
                    updatedAt: now,
                  },
                }
              : null,
          ),
        'POST /api/v1/workspace/invitations/accept': () => json({ workspaceId: 'w-1' }),
      },
    });
    const { router } = renderApp('/invitation/tok-4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Create account' }));

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      'Your invitation is for this address; you join its workspace once the account is made.',
    );
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const signUp = requests.find((r) => r.path === '/api/auth/sign-up/email');
    expect(signUp?.body).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    const accept = requests.find((r) => r.path === '/api/v1/workspace/invitations/accept');
    expect(accept?.body).toEqual({ token: 'tok-4' });
    expect(sessionStorage.getItem('upwatch:invitation')).toBeNull();
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
