import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

describe('a monitor under maintenance on the dashboard', () => {
  it('carries a Maintenance badge saying until when, and the uptime says maintenance is left out', async () => {
    const until = Date.UTC(2030, 2, 11, 14, 0);
    const rows = [
      makeRow({ id: 'm-1', name: 'Shop', maintenance: { windowId: 'w-1', until } }),
      makeRow({ id: 'm-2', name: 'Blog' }),
    ];
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard');

    const shop = (await screen.findByRole('link', { name: 'Shop' })).closest('li') as HTMLElement;
    // TEST_USER reads times in Europe/London.
    expect(within(shop).getByText('Maintenance')).toHaveAttribute(
      'title',
      'Under maintenance until Mar 11, 2030, 2:00 PM: checks go on, no incident or alert until then.',
    );
    expect(within(shop).getAllByTitle('Maintenance minutes are left out of uptime.')).toHaveLength(2);
    expect(
      within(screen.getByRole('link', { name: 'Blog' }).closest('li') as HTMLElement).queryByText(
        'Maintenance',
      ),
    ).not.toBeInTheDocument();
  });
});
