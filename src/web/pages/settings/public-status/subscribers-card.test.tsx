import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubscriberList } from '../../../../core/api/subscribers';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { makeStatusPage } from '../../../test/status-pages';

const LOAD = { timeout: 10_000 };
const CREATED = Date.UTC(2025, 2, 1, 12);

function subscribers(): SubscriberList {
  return {
    count: 2,
    confirmed: 1,
    limit: 1000,
    subscribers: [
      {
        id: 'sub-1',
        kind: 'email',
        address: 'reader@example.com',
        confirmed: true,
        monitorIds: null,
        createdAt: CREATED,
        confirmedAt: CREATED,
      },
      {
        id: 'sub-2',
        kind: 'webhook',
        address: 'https://hooks.example.com/in',
        confirmed: false,
        monitorIds: ['m-1'],
        createdAt: CREATED,
        confirmedAt: null,
      },
    ],
  };
}

describe('the subscribers of a status page', () => {
  it('counts them in the list and the editor, exports them as CSV and removes one after confirmation', async () => {
    let list = subscribers();
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/status-pages': () => json({ statusPages: [makeStatusPage()] }),
        'GET /api/v1/status-pages/sp-1/subscribers': () => json(list),
        'DELETE /api/v1/status-pages/sp-1/subscribers/sub-2': () => {
          list = { ...list, count: 1, subscribers: list.subscribers.slice(0, 1) };
          return new Response(null, { status: 204 });
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');

    const row = await screen.findByRole('listitem', { name: 'Acme status' }, LOAD);
    expect(await within(row).findByText('2 subscribers')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Acme status' }));
    expect(
      await screen.findByText('2 subscribers · 1 confirmed · up to 1,000 on your plan'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('reader@example.com').closest('tr')).toHaveTextContent('EmailConfirmed');
    expect(within(table).getByText('https://hooks.example.com/in').closest('tr')).toHaveTextContent(
      'WebhookAwaiting confirmation',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/status-pages/sp-1/subscribers?format=csv',
    );

    await user.click(screen.getByRole('button', { name: 'Remove https://hooks.example.com/in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove https://hooks.example.com/in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove subscriber' }));
    expect(await screen.findByText('https://hooks.example.com/in removed.')).toBeInTheDocument();
    expect(
      await screen.findByText('1 subscriber · 1 confirmed · up to 1,000 on your plan'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('tells where the form is when nobody has subscribed yet', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/status-pages': () => json({ statusPages: [makeStatusPage()] }),
        'GET /api/v1/status-pages/sp-1/subscribers': () =>
          json({ count: 0, confirmed: 0, limit: null, subscribers: [] }),
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');
    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }, LOAD));
    expect(await screen.findByText('No subscribers yet')).toBeInTheDocument();
    expect(screen.getByText('0 subscribers · 0 confirmed · no limit on your plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });
});
