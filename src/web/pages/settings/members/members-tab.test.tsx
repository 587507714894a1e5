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
