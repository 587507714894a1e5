import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StatusPage } from '../../../core/api/status-pages';
import { controlledEventStream } from '../../test/event-stream';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { makeStatusPage } from '../../test/status-pages';

const LOAD = { timeout: 10_000 };

describe('public status groups page', () => {
  it('lists only published pages, with plain links to the server-rendered page and each monitor’s status', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/status-pages': () =>
          json({
            statusPages: [
              makeStatusPage({
                state: 'partial_outage',
                monitors: [
                  { monitorId: 'm-1', displayName: 'Website', monitorName: 'Marketing site', status: 'down' },
                  { monitorId: 'm-2', displayName: null, monitorName: 'Checkout API', status: 'up' },
                ],
              }),
              makeStatusPage({ id: 'sp-2', name: 'Internal', slug: 'internal', published: false }),
            ],
          }),
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/groups/public');

    const card = await screen.findByRole('article', { name: 'Acme status' }, LOAD);
    expect(within(card).getByText('Partial outage')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'https://upwatch.example/status/acme' });
    expect(link).toHaveAttribute('href', 'https://upwatch.example/status/acme');
    expect(link).toHaveAttribute('target', '_blank');
    const rows = within(within(card).getByRole('list', { name: 'Monitors on Acme status' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual(['WebsiteDown', 'Checkout APIUp']);
    expect(screen.queryByText('Internal')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Copy public link of Acme status' }));
    expect(await navigator.clipboard.readText()).toBe('https://upwatch.example/status/acme');
  });

  it('refreshes the overall state when a monitor’s status changes live', async () => {
    const stream = controlledEventStream();
    let page: StatusPage = makeStatusPage();
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/status-pages': () => json({ statusPages: [page] }),
        'GET /api/v1/events': () => stream.response(),
      },
    });
    renderApp('/dashboard/groups/public');

    const card = await screen.findByRole('article', { name: 'Acme status' }, LOAD);
    expect(within(card).getByText('All systems operational')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/v1/events')).toBe(true));

    page = makeStatusPage({
      state: 'major_outage',
      monitors: page.monitors.map((monitor) => ({ ...monitor, status: 'down' })),
    });
    stream.send('ready', {});
    stream.send('monitor.down', { monitorId: 'm-1', at: Date.now(), from: 'up', to: 'down' });

    expect(await within(card).findByText('Major outage', {}, LOAD)).toBeInTheDocument();
    expect(within(card).getAllByText('Down')).toHaveLength(2);
  });

  it('sends a user with no published page to the settings tab', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/status-pages': () => json({ statusPages: [makeStatusPage({ published: false })] }),
      },
    });
    renderApp('/dashboard/groups/public');

    expect(await screen.findByText('No published status pages', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up a status page' })).toHaveAttribute(
      'href',
      '/dashboard/settings/groups',
    );
  });
});
