import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

describe('notifications: grouped alerts', () => {
  it("shows the workspace's window and saves a new one with PUT", async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/alert-channels': () => json({ channels: [], accountEmail: TEST_USER.email }),
        'GET /api/v1/alert-deliveries': () => json({ deliveries: [] }),
        'GET /api/v1/outbox': () => json({ mails: [] }),
        'GET /api/v1/workspace/alert-settings': () => json({ groupingSeconds: 60 }),
        'PUT /api/v1/workspace/alert-settings': (request) => json(request.body),
      },
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    const select = await screen.findByLabelText('Group alerts within');
    expect(select).toHaveValue('60');
    await user.selectOptions(select, '5 minutes');
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ groupingSeconds: 300 });
    expect(await screen.findByText('Alert grouping saved.')).toBeInTheDocument();
  });
});
