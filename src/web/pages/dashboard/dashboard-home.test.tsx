import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlledEventStream } from '../../test/event-stream';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

describe('monitor list dashboard', () => {
  it('turns a row Down when a monitor.down event arrives, without fetching the list again', async () => {
    const stream = controlledEventStream();
    const rows = [makeRow({ id: 'm-1', name: 'Marketing site' }), makeRow({ id: 'm-2', name: 'API' })];
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }),
        'GET /api/v1/events': () => stream.response(),
      },
    });
    renderApp('/dashboard');

    const row = await screen.findByRole('link', { name: 'Marketing site' });
    expect(within(row).getByText('Up')).toBeInTheDocument();
    const listFetches = () => requests.filter((request) => request.path === '/api/v1/monitors').length;
    await waitFor(() => expect(requests.some((request) => request.path === '/api/v1/events')).toBe(true));
    const before = listFetches();

    stream.send('ready', {});
    stream.send('monitor.down', { monitorId: 'm-1', at: Date.now(), from: 'up', to: 'down' });

    await waitFor(() => expect(within(row).getByText('Down')).toBeInTheDocument());
    expect(within(screen.getByRole('link', { name: 'API' })).getByText('Up')).toBeInTheDocument();
    expect(listFetches()).toBe(before);
  });

  it('counts monitors, up and down in the summary tiles', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': () =>
          json({
            monitors: [
              makeRow({ id: 'a', status: 'up' }),
              makeRow({ id: 'b', status: 'degraded' }),
              makeRow({ id: 'c', status: 'down' }),
            ],
            nextCursor: null,
          }),
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('list', { name: 'Monitors' });

    const tile = (label: string) => screen.getByRole('region', { name: label });
    expect(tile('Monitors')).toHaveTextContent('3of 5 on Free');
    expect(tile('Up')).toHaveTextContent('21 degraded');
    expect(tile('Down')).toHaveTextContent('1');
  });

  it('loads the next page with the cursor when Load more is pressed', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': (request) =>
          request.query.includes('cursor=page-2')
            ? json({ monitors: [makeRow({ id: 'm-2', name: 'Second page' })], nextCursor: null })
            : json({ monitors: [makeRow({ id: 'm-1', name: 'First page' })], nextCursor: 'page-2' }),
      },
    });
    renderApp('/dashboard');

    (await screen.findByRole('button', { name: 'Load more' })).click();
    expect(await screen.findByRole('link', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.query.includes('include=stats'))).toBe(true);
  });
});
