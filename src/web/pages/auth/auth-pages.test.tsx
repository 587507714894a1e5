import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

/** A server whose sign-in succeeds; `intercept` sees each request first and may answer it. */
function stubSignIn(
  intercept: (path: string, signedIn: boolean) => Promise<Response | undefined> | Response | undefined,
) {
  let signedIn = false;
  const server = stubServer({
    routes: {
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ user: TEST_USER, token: 't', redirect: false });
      },
    },
  });
  const base = server.fetchMock.getMockImplementation();
  server.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    return (await intercept(url.pathname, signedIn)) ?? (base ? base(input, init) : json(null));
  });
  return server;
}

async function submitSignIn() {
  const { router } = renderApp('/signin');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return router;
}

describe('sign-in page', () => {
  it('shows the server message for a wrong password', async () => {
    stubServer({
      routes: {
        'POST /api/auth/sign-in/email': () =>
          json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401),
      },
    });
    renderApp('/signin');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('enters the dashboard after signing in', async () => {
    stubSignIn((path, signedIn) => {
      if (path !== '/api/auth/get-session' || !signedIn) return undefined;
      const now = new Date().toISOString();
      return json({
        user: { ...TEST_USER, emailVerified: false, image: null, createdAt: now, updatedAt: now },
        session: {
          id: 's',
          userId: TEST_USER.id,
          token: 't',
          expiresAt: now,
          createdAt: now,
          updatedAt: now,
        },
      });
    });
    const router = await submitSignIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'No monitors yet' })).toBeInTheDocument();
  });

  it("asks for the dashboard's monitors beside the session check, not after it", async () => {
    let listAsked: () => void = () => {};
    const listRequested = new Promise<void>((resolve) => {
      listAsked = resolve;
    });
    const server = stubSignIn(async (path, signedIn) => {
      if (path === '/api/v1/monitors') listAsked();
      // The session answers only once the list was asked for: a list that waits for it never is.
      if (path === '/api/auth/get-session' && signedIn) await listRequested;
      return undefined;
    });
    await submitSignIn();

    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/api/v1/monitors/summary')).toBe(true),
    );
    await listRequested;
  });

  it('hides GitHub sign-in unless the server offers it', async () => {
    stubServer();
    renderApp('/signin');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
  });

  it('offers GitHub sign-in when the server has it configured', async () => {
    stubServer({
      routes: {
        'GET /api/v1/public-config': () => json({ githubSignIn: true, publicUrl: 'https://x.example' }),
      },
    });
    renderApp('/signin');
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
  });
});

describe('sign-up page', () => {
  it('sends name, email, password and the browser time zone, and shows refusals', async () => {
    const { requests } = stubServer({
      routes: {
        'POST /api/auth/sign-up/email': () =>
          json({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' }, 400),
      },
    });
    renderApp('/signup');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Password too short');
    const signUp = requests.find((request) => request.path === '/api/auth/sign-up/email');
    expect(signUp?.body).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'short',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});
