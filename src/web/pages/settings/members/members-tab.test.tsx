import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const members = [
  {
    userId: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'owner',
    joinedAt: 1,
    lastActiveAt: null,
  },
  {
    userId: 'user-2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    role: 'member',
    joinedAt: 2,
    lastActiveAt: null,
  },
];

function workspaces(role: string) {
  return () => json({ workspaces: [{ id: 'user-1', name: "Ada's workspace", role, active: true }] });
}

describe('Settings → Members', () => {
  it('invites by email with a role and lists the invitation waiting', async () => {
    let invitations: unknown[] = [];
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': workspaces('owner'),
        'GET /api/v1/workspace/members': () => json({ members, invitations }),
        'POST /api/v1/workspace/invitations': () => {
          invitations = [
            {
              id: 'inv-1',
              email: 'alan@example.com',
              role: 'viewer',
              state: 'pending',
              invitedBy: 'Ada Lovelace',
              createdAt: 1,
              expiresAt: Date.UTC(2026, 11, 2),
            },
          ];
          return json(invitations[0], 201);
        },
      },
    });
    renderApp('/dashboard/settings/members');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText('Grace Hopper')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'alan@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(pending).toHaveTextContent('alan@example.com');
    expect(pending).toHaveTextContent('Viewer · invited by Ada Lovelace');
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/workspace/invitations');
    expect(sent?.body).toEqual({ email: 'alan@example.com', role: 'viewer' });
  });

  it("asks on removal what becomes of the member's API keys: revoked unless handed to the owner", async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': workspaces('owner'),
        'GET /api/v1/workspace/members': () => json({ members, invitations: [] }),
        'DELETE /api/v1/workspace/members/user-2': () => new Response(null, { status: 204 }),
      },
    });
    renderApp('/dashboard/settings/members');
    const user = userEvent.setup();
    const removals = () => requests.filter((r) => r.method === 'DELETE');

    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' }));
    expect(dialog.getByRole('radio', { name: /Revoke their API keys/ })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(removals()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(removals().map((r) => r.query)).toEqual(['?apiKeys=revoke']));

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' }));
    expect(dialog.getByRole('radio', { name: /Revoke their API keys/ })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: /Hand their API keys to the owner/ }));
    await user.click(dialog.getByRole('button', { name: 'Remove member' }));
    await waitFor(() =>
      expect(removals().map((r) => `${r.path}${r.query}`)).toEqual([
        '/api/v1/workspace/members/user-2?apiKeys=revoke',
        '/api/v1/workspace/members/user-2?apiKeys=hand_over',
      ]),
    );
  });

  it('keeps the role picker beside a long email, which truncates and is titled in full', async () => {
    const email = 'grace.brewster.murray.hopper@naval-computation-laboratory.example.com';
    const long = members.map((member) => (member.userId === 'user-2' ? { ...member, email } : member));
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': workspaces('owner'),
        'GET /api/v1/workspace/members': () => json({ members: long, invitations: [] }),
      },
    });
    renderApp('/dashboard/settings/members');
    const picker = await screen.findByRole('combobox', { name: 'Role of Grace Hopper' });
    const row = picker.closest('li') as HTMLElement;
    const address = within(row).getByText(email);

    expect(address).toHaveAttribute('title', email);
    expect(address).toHaveClass('truncate');
    // A full-width picker is what wrapped onto a line of its own.
    expect(picker).not.toHaveClass('w-full');
    expect(row).not.toHaveClass('flex-wrap');
  });

  it('shows a viewer the members without the invite form or role controls', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': workspaces('viewer'),
        'GET /api/v1/workspace/members': () => json({ members, invitations: [] }),
      },
    });
    renderApp('/dashboard/settings/members');
    const list = await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(list).getByText('Member')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});

describe('Settings → Members, ownership of a shared workspace', () => {
  it('hands the workspace over to a member, and deletes it once its name is typed', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': () =>
          json({
            workspaces: [
              {
                id: 'w-2',
                name: 'Acme',
                role: 'owner',
                active: true,
                requireTwoFactor: false,
                personal: false,
              },
            ],
          }),
        'GET /api/v1/workspace/members': () => json({ members, invitations: [] }),
        'POST /api/v1/workspace/transfer': () => new Response(null, { status: 204 }),
        'DELETE /api/v1/workspace': () => new Response(null, { status: 204 }),
      },
    });
    const { router } = renderApp('/dashboard/settings/members');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('New owner'), 'user-2');
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/v1/workspace/transfer')?.body).toEqual({
        userId: 'user-2',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete workspace' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Delete workspace' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Type Acme to confirm'), 'Acme');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.method === 'DELETE' && r.path === '/api/v1/workspace')?.body).toEqual({
      name: 'Acme',
    });
  });

  it('offers no hand-over or deletion of a personal workspace', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': () =>
          json({
            workspaces: [
              {
                id: 'user-1',
                name: "Ada's workspace",
                role: 'owner',
                active: true,
                requireTwoFactor: false,
                personal: true,
              },
            ],
          }),
        'GET /api/v1/workspace/members': () => json({ members, invitations: [] }),
      },
    });
    renderApp('/dashboard/settings/members');
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
    expect(screen.queryByLabelText('New owner')).toBeNull();
  });
});
