import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMonitor, makeRow, makeUptimeReport } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

describe('a monitor failing from some of its regions', () => {
  it('says "Failing from a, b" in its list row while up, and nothing more once it is down', async () => {
    const rows = [
      makeRow({ id: 'm-1', name: 'Shop', status: 'up', failingFrom: ['a', 'b'] }),
      makeRow({ id: 'm-2', name: 'Checkout', status: 'down', failingFrom: ['a', 'b', 'c'] }),
      makeRow({ id: 'm-3', name: 'Blog', status: 'degraded', failingFrom: ['c'] }),
    ];
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard/monitors');

    const rowOf = async (name: string) =>
      (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
    expect(within(await rowOf('Shop')).getByText('Failing from a, b')).toBeInTheDocument();
    expect(within(await rowOf('Blog')).getByText('Failing from c')).toBeInTheDocument();
    // Down already says it, and the incident names the regions.
    expect(within(await rowOf('Checkout')).queryByText(/Failing from/)).toBeNull();
  });

  it('says "Failing from a" beside the status in the monitor page header', async () => {
    const monitor = makeMonitor({ id: 'm-1', name: 'Shop', status: 'up', failingFrom: ['a'] });
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors/m-1': () => json(monitor),
        'GET /api/v1/monitors/m-1/results': () => json({ results: [], nextCursor: null }),
        'GET /api/v1/monitors/m-1/uptime': () => json(makeUptimeReport()),
      },
    });
    renderApp('/dashboard/monitors/m-1');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Shop' });
    const header = heading.parentElement as HTMLElement;
    expect(within(header).getByText('Up')).toBeInTheDocument();
    expect(within(header).getByText('Failing from a')).toBeInTheDocument();
  });
});
