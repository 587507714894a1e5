import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

// better-auth's answer to every request, whether or not the address has an account.
const SAME_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

describe('forgot password', () => {
  it('is linked from the sign-in page', async () => {
    stubServer();
    const { router } = renderApp('/signin');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it.each(['ada@example.com', 'nobody@example.com'])(
    'sends %s and shows the same confirmation, focused',
    async (email) => {
      const { requests } = stubServer({
        routes: { 'POST /api/auth/request-password-reset': () => json(SAME_ANSWER) },
      });
      renderApp('/forgot-password');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Email'), email);
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));

      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(
        `If an account exists for ${email}, we have sent it a link to reset the password.`,
      );
      expect(status).toHaveFocus();
      expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
      expect(requests.find((r) => r.path === '/api/auth/request-password-reset')?.body).toEqual({ email });
    },
  );

  it('announces a refusal such as too many requests and keeps the form', async () => {
    stubServer({
      routes: {
        'POST /api/auth/request-password-reset': () =>
          json({ message: 'Too many requests. Please try again later.' }, 429),
      },
    });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sends a signed-in person to the dashboard', async () => {
    stubServer({ user: TEST_USER });
    const { router } = renderApp('/forgot-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('reset password', () => {
  async function fill(password: string, confirm: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('sets the new password with the token from the link, then offers to sign in', async () => {
    const { requests } = stubServer({
      routes: { 'POST /api/auth/reset-password': () => json({ status: true }) },
    });
    renderApp('/reset-password?token=tok-123');
    expect(await screen.findByLabelText('New password')).toHaveFocus();
    await fill('a new password 1', 'a new password 1');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('every other session was signed out');
    expect(status).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(requests.find((r) => r.path === '/api/auth/reset-password')?.body).toEqual({
      newPassword: 'a new password 1',
      token: 'tok-123',
    });
  });

  it.each([
    ['short', 'short', 'Use at least 8 characters.', 'New password'],
    ['a new password 1', 'a new password 2', 'The two passwords do not match.', 'Confirm new password'],
  ])(
    'refuses %s / %s before sending, on the field it is about',
    async (password, confirm, message, label) => {
      const { requests } = stubServer();
      renderApp('/reset-password?token=tok-123');
      await fill(password, confirm);

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveFocus();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(requests.some((r) => r.path === '/api/auth/reset-password')).toBe(false);
    },
  );

  it('says a used or expired link no longer works and offers a new one', async () => {
    stubServer({
      routes: {
        'POST /api/auth/reset-password': () => json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400),
      },
    });
    renderApp('/reset-password?token=used');
    await fill('a new password 1', 'a new password 1');

    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('explains a link without its token', async () => {
    stubServer();
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
