import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelDetail } from '../../../../core/api/alerts';
import type { WorkspaceRole } from '../../../../core/roles';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const KEEP = 'Leave blank to keep the current value.';
const slack: ChannelDetail = {
  id: 'c-1',
  kind: 'slack',
  name: '#ops',
  target: 'hooks.slack.com',
  createdAt: 1,
  settings: {},
  secretsSet: ['url'],
};
const ntfy: ChannelDetail = {
  id: 'c-2',
  kind: 'ntfy',
  name: 'Phones',
  target: 'ntfy.example.com/ops',
  createdAt: 2,
  settings: { url: 'https://ntfy.example.com', topic: 'ops', priority: 5 },
  secretsSet: ['token'],
};

type Handler = (request: RecordedRequest) => Response;

function serve(
  channels: () => ChannelDetail[],
  extra: Record<string, Handler> = {},
  role: WorkspaceRole = 'owner',
) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/workspaces': () =>
        json({ workspaces: [{ id: TEST_USER.id, name: "Ada's workspace", role, active: true }] }),
      'GET /api/v1/alert-channels': () => json({ channels: channels(), accountEmail: TEST_USER.email }),
      'GET /api/v1/alert-deliveries': () => json({ deliveries: [] }),
      'GET /api/v1/outbox': () => json({ mails: [] }),
      ...extra,
    },
  });
}

function patches(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'PATCH');
}

describe('editing an alert channel', () => {
  it('renames a Slack channel, leaving its blank URL out of the PATCH, and shows the new name', async () => {
    let current = [slack];
    const { requests } = serve(() => current, {
      'PATCH /api/v1/alert-channels/c-1': (request) => {
        current = [{ ...slack, name: (request.body as { name: string }).name }];
        return json(current[0]);
      },
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit #ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit #ops' });
    const url = within(dialog).getByLabelText('Webhook URL');
    expect(url).toHaveValue('');
    expect(url).toHaveAccessibleDescription(KEEP);
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('#ops');
    await user.clear(name);
    await user.type(name, '#alerts');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Slack channel “#alerts” saved.')).toBeInTheDocument();
    expect(patches(requests).map((request) => request.body)).toEqual([{ name: '#alerts', config: {} }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('#alerts')).toBeInTheDocument();
  });

  it('prefills an ntfy channel from its settings, the token empty, and sends a new token when typed', async () => {
    const { requests } = serve(() => [ntfy], {
      'PATCH /api/v1/alert-channels/c-2': () => json(ntfy),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Phones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Phones' });
    expect(within(dialog).getByLabelText('Server URL')).toHaveValue('https://ntfy.example.com');
    expect(within(dialog).getByLabelText('Topic')).toHaveValue('ops');
    expect(within(dialog).getByLabelText('Priority of down alerts')).toHaveValue('5');
    const token = within(dialog).getByLabelText('Access token (optional)');
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription(KEEP);

    await user.clear(within(dialog).getByLabelText('Topic'));
    await user.type(within(dialog).getByLabelText('Topic'), 'phones');
    await user.type(token, 'tk_new');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(patches(requests)[0]?.body).toEqual({
      name: 'Phones',
      config: { url: 'https://ntfy.example.com', topic: 'phones', priority: 5, token: 'tk_new' },
    });
  });

  it('shows a refusal in the form and keeps it open', async () => {
    const { requests } = serve(() => [ntfy], {
      'PATCH /api/v1/alert-channels/c-2': () =>
        json({ error: { code: 'private_target', message: 'That server is on a private network.' } }, 422),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Phones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Phones' });
    await user.clear(within(dialog).getByLabelText('Topic'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A topic is 1 to 64 letters');
    expect(patches(requests)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Topic'), 'ops');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That server is on a private network.')).toBeInTheDocument();
    expect(patches(requests)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit Phones' })).toBeInTheDocument();
  });

  it('shows a viewer Edit disabled, with the reason', async () => {
    const { requests } = serve(() => [slack], {}, 'viewer');
    renderApp('/dashboard/settings/notifications');

    const edit = await screen.findByRole('button', { name: 'Edit #ops' });
    await waitFor(() => expect(edit).toBeDisabled());
    expect(edit).toHaveAccessibleDescription("Viewers can't change this. Ask an admin.");
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches(requests)).toEqual([]);
  });
});
