// A viewer sees a read-only dashboard (issue 39, item 8): write controls are disabled before
// anything is sent, each with its reason, and the outbox is not shown; a member's are enabled.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Channel, ChannelList, OutboxMail } from '../../core/api/alerts';
import type { WorkspaceRole } from '../../core/roles';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../test/fake-server';
import { incidentRoutes } from '../test/incidents';
import { makeRow } from '../test/monitors';
import { renderApp } from '../test/render-app';
import { makeStatusPage } from '../test/status-pages';

const REASON = "Viewers can't change this. Ask an admin.";
const NOTICE = /You're a viewer in Ada's workspace: you can see everything here, but not change it/;

type Handler = (request: RecordedRequest) => Response;

function serve(role: WorkspaceRole, routes: Record<string, Handler>) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/workspaces': () =>
        json({ workspaces: [{ id: TEST_USER.id, name: "Ada's workspace", role, active: true }] }),
      ...routes,
    },
  });
}

/** Until the workspace is known nothing is locked, so a member's checks wait for it to load. */
async function workspaceLoaded(requests: RecordedRequest[]) {
  await waitFor(() => expect(requests.some((request) => request.path === '/api/v1/workspaces')).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

function writes(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method !== 'GET' && request.path.startsWith('/api/v1/'));
}

function expectLocked(button: HTMLElement) {
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(REASON);
  expect(button.closest('[title]')).toHaveAttribute('title', REASON);
}

const rows = [
  makeRow({ id: 'b', name: 'Billing API', status: 'up' }),
  makeRow({ id: 'p', name: 'Paused site', status: 'paused', paused: true }),
];
const monitorRoutes = { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) };

describe('the monitor list by role', () => {
  it('shows a viewer Pause and Resume disabled with the reason, no New monitor, and a read-only notice', async () => {
    const { requests } = serve('viewer', monitorRoutes);
    renderApp('/dashboard/monitors');

    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause Billing API' })).toBeDisabled());
    expectLocked(screen.getByRole('button', { name: 'Pause Billing API' }));
    expectLocked(screen.getByRole('button', { name: 'Resume Paused site' }));
    expect(screen.queryByRole('link', { name: 'New monitor' })).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('gives a member Pause, Resume and New monitor', async () => {
    const { requests } = serve('member', monitorRoutes);
    renderApp('/dashboard/monitors');
    await screen.findByRole('button', { name: 'Pause Billing API' });
    await workspaceLoaded(requests);

    expect(screen.getByRole('button', { name: 'Pause Billing API' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pause Billing API' })).not.toHaveAccessibleDescription(REASON);
    expect(screen.getByRole('button', { name: 'Resume Paused site' })).toBeEnabled();
    expect(screen.getAllByRole('link', { name: 'New monitor' }).length).toBeGreaterThan(0);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});

describe('an incident by role', () => {
  it('shows a viewer on Starter no Acknowledge, and Post update, Resolve, status and severity disabled', async () => {
    const { requests } = serve('viewer', incidentRoutes({ plan: 'starter' }).routes);
    renderApp('/dashboard/incidents/i-1');

    // The plan's loading disables them too: the reason says the role is why.
    const actions = (await screen.findByText(REASON)).closest('fieldset') as HTMLElement;
    expect(actions).toHaveAttribute('title', REASON);
    expect(within(actions).getByRole('button', { name: 'Post update' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Resolve' })).toBeDisabled();
    expect(within(actions).getByLabelText('Change status')).toBeDisabled();
    expect(within(actions).getByLabelText('Severity')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('gives a member on Starter every incident action', async () => {
    const { requests } = serve('member', incidentRoutes({ plan: 'starter' }).routes);
    renderApp('/dashboard/incidents/i-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post update' })).toBeEnabled());
    await workspaceLoaded(requests);

    for (const name of ['Acknowledge', 'Post update', 'Resolve']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(screen.getByLabelText('Change status')).toBeEnabled();
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
  });
});

const slack: Channel = { id: 'c-1', kind: 'slack', name: '#ops', target: 'hooks.slack.com', createdAt: 1 };
const invitation: OutboxMail = {
  id: 'o-1',
  to: 'new@example.com',
  subject: "Ada invited you to Ada's workspace",
  html: '<p>Join</p>',
  text: 'Join',
  createdAt: Date.UTC(2026, 0, 5, 9),
};
const channelRoutes = {
  'GET /api/v1/alert-channels': () =>
    json({ channels: [slack], accountEmail: TEST_USER.email } as ChannelList),
  'GET /api/v1/alert-deliveries': () => json({ deliveries: [] }),
  'GET /api/v1/outbox': () => json({ mails: [invitation] }),
};

describe('the alert channels screen by role', () => {
  it('shows a viewer Send test alert, Delete and the Add channel form disabled, and no outbox', async () => {
    const { requests } = serve('viewer', channelRoutes);
    renderApp('/dashboard/settings/notifications');

    const test = await screen.findByRole('button', { name: 'Send test alert to #ops' });
    await waitFor(() => expect(test).toBeDisabled());
    expectLocked(test);
    expectLocked(screen.getByRole('button', { name: 'Delete #ops' }));
    const form = screen.getByRole('button', { name: 'Add channel' }).closest('fieldset') as HTMLElement;
    expect(form).toHaveAttribute('title', REASON);
    expect(within(form).getByText(REASON)).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Add channel' })).toBeDisabled();
    expect(within(form).getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Outbox' })).not.toBeInTheDocument();
    expect(screen.queryByText(invitation.subject)).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('gives an admin every channel control and the outbox', async () => {
    const { requests } = serve('admin', channelRoutes);
    renderApp('/dashboard/settings/notifications');
    await screen.findByRole('button', { name: 'Send test alert to #ops' });
    await workspaceLoaded(requests);

    expect(screen.getByRole('button', { name: 'Send test alert to #ops' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete #ops' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add channel' })).toBeEnabled();
    expect(await screen.findByText(invitation.subject)).toBeInTheDocument();
  });

  it('gives a member the channel controls but not the outbox', async () => {
    const { requests } = serve('member', channelRoutes);
    renderApp('/dashboard/settings/notifications');
    await screen.findByRole('button', { name: 'Send test alert to #ops' });
    await workspaceLoaded(requests);

    expect(screen.getByRole('button', { name: 'Add channel' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Outbox' })).not.toBeInTheDocument();
  });
});

describe('status pages by role', () => {
  it('shows a viewer New status page and Edit disabled with the reason', async () => {
    const page = makeStatusPage({ name: 'Acme status' });
    const { requests } = serve('viewer', {
      'GET /api/v1/status-pages': () => json({ statusPages: [page] }),
      'GET /api/v1/monitors': () => json({ monitors: [], nextCursor: null }),
    });
    renderApp('/dashboard/settings/groups');

    const edit = await screen.findByRole('button', { name: 'Edit Acme status' }, { timeout: 10_000 });
    await waitFor(() => expect(edit).toBeDisabled());
    expectLocked(edit);
    expectLocked(screen.getByRole('button', { name: 'New status page' }));
    expect(writes(requests)).toEqual([]);
  });
});
