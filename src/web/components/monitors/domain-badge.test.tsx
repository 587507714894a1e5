import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DomainBadge } from '../../../core/api/domains';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const DAY_MS = 86_400_000;
// The lazy route and its fetches can take over a second on a busy machine.
const LOAD = { timeout: 5000 };
const MARCH_3 = Date.UTC(2025, 2, 3, 12, 0, 0);

function domain(daysRemaining: number): DomainBadge {
  return { domain: 'acme.dev', daysRemaining, expiresAt: MARCH_3 + daysRemaining * DAY_MS };
}

function stubRows(badge: DomainBadge | null) {
  const rows = [
    { ...makeRow({ id: 'a', name: 'Marketing site' }), domain: badge },
    { ...makeRow({ id: 'b', name: 'Docs' }), domain: null },
  ];
  stubServer({
    user: TEST_USER,
    routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
  });
}

describe('domain expiry badge in the monitor lists', () => {
  it.each([
    { days: 21, text: '21d', label: 'Domain acme.dev expires in 21 days', tone: 'text-warning' },
    { days: 1, text: '1d', label: 'Domain acme.dev expires in 1 day', tone: 'text-danger' },
    { days: -2, text: 'Expired', label: 'Domain acme.dev expired on Mar 1, 2025', tone: 'text-danger' },
  ])('shows $text on the dashboard row for $days days left', async ({ days, text, label, tone }) => {
    stubRows(domain(days));
    renderApp('/dashboard');
    const site = (await screen.findByRole('link', { name: 'Marketing site' }, LOAD)).closest(
      'li',
    ) as HTMLElement;
    const badge = within(site).getByTitle(label);
    expect(badge).toHaveTextContent(text);
    expect(badge).toHaveClass(tone);
    const docs = screen.getByRole('link', { name: 'Docs' }).closest('li') as HTMLElement;
    expect(within(docs).queryByTitle(/Domain/)).not.toBeInTheDocument();
  });

  it('shows the days left in the monitors table row', async () => {
    stubRows(domain(9));
    renderApp('/dashboard/monitors');
    const table = await screen.findByRole('table', {}, LOAD);
    const row = within(table).getByRole('link', { name: 'Marketing site' }).closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Domain acme.dev expires in 9 days')).toHaveTextContent('9d');
  });
});
