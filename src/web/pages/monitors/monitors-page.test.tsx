import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const rows = [
  makeRow({ id: 'b', name: 'Billing API', status: 'up', lastLatencyMs: 300 }),
  makeRow({ id: 'a', name: 'API gateway', status: 'down', lastLatencyMs: null }),
  makeRow({ id: 'c', name: 'Checkout', status: 'degraded', lastLatencyMs: 900 }),
];

function names(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');
}

describe('monitors table', () => {
  it('sorts by name, then by status with failing monitors first', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard/monitors');
    await screen.findByRole('table');
    expect(names()).toEqual(['API gateway', 'Billing API', 'Checkout']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Status' }));
    expect(names()).toEqual(['API gateway', 'Checkout', 'Billing API']);
  });

  it('asks the server for the search text and the chosen status', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard/monitors');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search monitors' }), 'api');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Down');
    await waitFor(() =>
      expect(
        requests.some((request) => request.query.includes('q=api') && request.query.includes('status=down')),
      ).toBe(true),
    );
  });

  it('pauses a monitor from its row', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }),
        'POST /api/v1/monitors/b/pause': () => json({ ...rows[0], paused: true, status: 'paused' }),
      },
    });
    renderApp('/dashboard/monitors');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pause Billing API' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/v1/monitors/b/pause')).toBe(true),
    );
  });
});
