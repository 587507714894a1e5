import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../../core/api/alerts';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor, makeUptimeReport } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';

const monitor = makeMonitor({ id: 'm-1', name: 'Marketing site' });
const channels: Channel[] = [
  { id: 'c-1', kind: 'slack', name: '#ops', target: 'hooks.slack.com', createdAt: 1 },
  { id: 'c-2', kind: 'email', name: 'On call', target: 'oncall@example.com', createdAt: 2 },
];

function routes(list: Channel[], extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  return {
    'GET /api/v1/monitors/m-1': () => json(monitor),
    'GET /api/v1/monitors/m-1/results': () => json({ results: [], nextCursor: null }),
    'GET /api/v1/monitors/m-1/uptime': () => json(makeUptimeReport()),
    'GET /api/v1/alert-channels': () => json({ channels: list, accountEmail: TEST_USER.email }),
    'GET /api/v1/monitors/m-1/alert-channels': () => json({ channelIds: [], usesAccountEmail: true }),
    ...extra,
  };
}

describe('monitor settings: the alert channels card', () => {
  it('says alerts go to the account email while the account has no channels', async () => {
    stubServer({ user: TEST_USER, routes: routes([]) });
    renderApp('/dashboard/monitors/m-1/settings');
    expect(
      await screen.findByText(/Alerts go to your account email \(ada@example.com\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add Slack, Discord, webhook/ })).toHaveAttribute(
      'href',
      '/dashboard/settings/notifications',
    );
  });

  it('saves the chosen channels with PUT, and falls back to the account email when none is chosen', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes(channels, {
        'PUT /api/v1/monitors/m-1/alert-channels': (request) => {
          const ids = (request.body as { channelIds: string[] }).channelIds;
          return json({ channelIds: ids, usesAccountEmail: ids.length === 0 });
        },
      }),
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    expect(
      await screen.findByText(`No channel chosen: alerts go to your account email (${TEST_USER.email}).`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /#ops/ }));
    expect(screen.getByText('Alerts go only to the channel chosen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save alert channels' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ channelIds: ['c-1'] });
    expect(await screen.findByText('Alert channels saved.')).toBeInTheDocument();
  });
});
