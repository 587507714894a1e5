import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlledEventStream } from '../../test/event-stream';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

function summary(
  counts: Partial<Record<'up' | 'degraded' | 'down' | 'paused' | 'pending' | 'stale', number>>,
  { openIncidents = 0 } = {},
) {
  const byStatus = { up: 0, degraded: 0, down: 0, paused: 0, pending: 0, stale: 0, ...counts };
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { total, byStatus, openIncidents, scheduler: { lagMs: 12, late: false } };
}

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

    // The row is the list item; its link is the monitor's name.
    const row = (await screen.findByRole('link', { name: 'Marketing site' })).closest('li') as HTMLElement;
    expect(within(row).getByText('Up')).toBeInTheDocument();
    const listFetches = () => requests.filter((request) => request.path === '/api/v1/monitors').length;
    await waitFor(() => expect(requests.some((request) => request.path === '/api/v1/events')).toBe(true));
    const before = listFetches();

    // Subscribed: the list refetches once, for a check that finished while the stream connected.
    stream.send('ready', {});
    await waitFor(() => expect(listFetches()).toBe(before + 1));
    stream.send('monitor.down', { monitorId: 'm-1', at: Date.now(), from: 'up', to: 'down' });

    await waitFor(() => expect(within(row).getByText('Down')).toBeInTheDocument());
    const api = screen.getByRole('link', { name: 'API' }).closest('li') as HTMLElement;
    expect(within(api).getByText('Up')).toBeInTheDocument();
    expect(listFetches()).toBe(before + 1);
  });

  it('lists every monitor of a full page, though rows past the first screen render after it', async () => {
    const rows = Array.from({ length: 50 }, (_, index) =>
      makeRow({ id: `m-${index + 1}`, name: `Service ${index + 1}` }),
    );
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard');

    await screen.findByRole('link', { name: 'Service 1' });
    const list = screen.getByRole('list', { name: 'Monitors' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(50));
    expect(within(list).getByRole('link', { name: 'Service 50' })).toBeInTheDocument();
  });

  it('offers New monitor to a member and not to a viewer of the workspace', async () => {
    for (const role of ['member', 'viewer'] as const) {
      stubServer({
        user: TEST_USER,
        routes: {
          'GET /api/v1/monitors': () =>
            json({ monitors: [makeRow({ id: 'm-1', name: 'Shop' })], nextCursor: null }),
          'GET /api/v1/workspaces': () =>
            json({ workspaces: [{ id: 'w-1', name: 'Acme', role, active: true }] }),
        },
      });
      const { unmount } = renderApp('/dashboard');
      await screen.findByRole('link', { name: 'Shop' });
      await screen.findByText('Acme');
      expect(screen.queryAllByRole('link', { name: 'New monitor' })).toHaveLength(role === 'member' ? 1 : 0);
      unmount();
    }
  });

  it('shows a check that finished before the live stream subscribed, once it is ready', async () => {
    const stream = controlledEventStream();
    let status: 'pending' | 'up' = 'pending';
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': () =>
          json({ monitors: [makeRow({ id: 'm-1', name: 'New site', status })], nextCursor: null }),
        'GET /api/v1/events': () => stream.response(),
      },
    });
    renderApp('/dashboard');
    const row = (await screen.findByRole('link', { name: 'New site' })).closest('li') as HTMLElement;
    expect(within(row).queryByText('Up', { exact: true })).toBeNull();

    // Its monitor.up event went out before this connection subscribed: only a refetch shows it.
    status = 'up';
    stream.send('ready', {});
    await waitFor(() => expect(within(row).getByText('Up', { exact: true })).toBeInTheDocument());
  });

  it("counts the account's monitors, up, down and open incidents in the tiles, not the loaded page", async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': () =>
          json({ monitors: [makeRow({ id: 'a', status: 'up' })], nextCursor: 'page-2' }),
        'GET /api/v1/monitors/summary': () =>
          json(summary({ up: 1204, degraded: 3, down: 2, paused: 4 }, { openIncidents: 2 })),
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('list', { name: 'Monitors' });

    const tile = (label: string) => screen.getByRole('region', { name: label });
    await waitFor(() => expect(tile('Monitors')).toHaveTextContent('1,213of 5 on Free'));
    expect(tile('Up')).toHaveTextContent('1,2073 degraded');
    expect(tile('Down')).toHaveTextContent('2Not counted: 4 paused');
    expect(tile('Open incidents')).toHaveTextContent('2');
  });

  it('refetches the counts when a live event changes a status', async () => {
    const stream = controlledEventStream();
    let down = 0;
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': () =>
          json({ monitors: [makeRow({ id: 'm-1', name: 'Marketing site' })], nextCursor: null }),
        'GET /api/v1/monitors/summary': () => json(summary({ up: 1 - down, down }, { openIncidents: down })),
        'GET /api/v1/events': () => stream.response(),
      },
    });
    renderApp('/dashboard');
    const tile = (label: string) => screen.getByRole('region', { name: label });
    await waitFor(() => expect(tile('Up')).toHaveTextContent('1'));
    expect(tile('Open incidents')).toHaveTextContent('0');
    const summaryFetches = () =>
      requests.filter((request) => request.path === '/api/v1/monitors/summary').length;
    const before = summaryFetches();

    stream.send('check.result', {
      monitorId: 'm-1',
      at: Date.now(),
      status: 'up',
      statusCode: 200,
      latencyMs: 90,
      failure: null,
      region: 'local',
    });
    down = 1;
    stream.send('monitor.down', { monitorId: 'm-1', at: Date.now(), from: 'up', to: 'down' });

    await waitFor(() => expect(tile('Down')).toHaveTextContent('1'));
    expect(tile('Open incidents')).toHaveTextContent('1');
    expect(summaryFetches()).toBe(before + 1);
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
