import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

describe('user settings tab', () => {
  it('saves the name and time zone through updateUser', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: { 'POST /api/auth/update-user': () => json({ status: true }) },
    });
    renderApp('/dashboard/settings');
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Name');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/London');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const update = requests.find((request) => request.path === '/api/auth/update-user');
    expect(update?.body).toEqual({ name: 'Ada King', timezone: 'Asia/Tokyo' });
  });

  it('shows why a password change was refused', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/auth/change-password': () =>
          json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400),
      },
    });
    renderApp('/dashboard/settings');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'not-mine');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
    expect(requests.find((request) => request.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'not-mine',
      newPassword: 'a-new-password',
      revokeOtherSessions: true,
    });
  });

  it('deletes the account only after the password is confirmed, then goes home', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: { 'POST /api/auth/delete-user': () => json({ success: true, message: 'User deleted' }) },
    });
    const { router } = renderApp('/dashboard/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.querySelector('button[type="submit"]');
    expect(confirm).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(confirm as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((request) => request.path === '/api/auth/delete-user')?.body).toEqual({
      password: 'my-password',
    });
  });
});
