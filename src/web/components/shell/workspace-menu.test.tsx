import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

describe('the workspace menu in the header', () => {
  it('creates a workspace by name and opens its dashboard', async () => {
    let workspaces = [
      {
        id: 'user-1',
        name: "Ada's workspace",
        role: 'owner',
        active: true,
        requireTwoFactor: false,
        personal: true,
      },
    ];
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': () => json({ workspaces }),
        'POST /api/v1/workspaces': (request) => {
          const { name } = request.body as { name: string };
          workspaces = [
            { ...workspaces[0], active: false } as (typeof workspaces)[number],
            { id: 'w-2', name, role: 'owner', active: true, requireTwoFactor: false, personal: false },
          ];
          return json({ id: 'w-2', name }, 201);
        },
      },
    });
    const { router } = renderApp('/dashboard/settings');
    const user = userEvent.setup();
    const banner = within(await screen.findByRole('banner'));
    await user.click(await banner.findByRole('button', { name: /Switch or create a workspace/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create workspace' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Create workspace' }));
    expect(await dialog.findByText('Give the workspace a name.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name'), 'Acme');
    await user.click(dialog.getByRole('button', { name: 'Create workspace' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/workspaces')?.body).toEqual({
      name: 'Acme',
    });
    expect(await within(screen.getByRole('banner')).findByText('Acme')).toBeInTheDocument();
  });
});
