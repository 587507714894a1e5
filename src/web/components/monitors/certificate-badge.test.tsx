import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SslBadge } from '../../../core/api/ssl';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';
import { renderInRouter } from '../../test/render-in-router';
import { CertificateBadge } from './certificate-badge';

const DAY_MS = 86_400_000;
// The lazy route and its fetches can take over a second on a busy machine.
const LOAD = { timeout: 5000 };
const MARCH_3 = Date.UTC(2025, 2, 3, 12, 0, 0);

function badge(daysRemaining: number, problemCount = 0): SslBadge {
  return { daysRemaining, validTo: MARCH_3 + daysRemaining * DAY_MS, problemCount };
}

async function showBadge(ssl: SslBadge | null) {
  stubServer({ user: TEST_USER });
  renderInRouter(
    <p>
      Row <CertificateBadge ssl={ssl} />
    </p>,
  );
  return screen.findByText('Row', {}, LOAD);
}

describe('certificate badge', () => {
  it.each([
    { days: 40, text: '40d', label: 'Certificate expires in 40 days', tone: 'text-muted' },
    { days: 14, text: '14d', label: 'Certificate expires in 14 days', tone: 'text-muted' },
    { days: 13, text: '13d', label: 'Certificate expires in 13 days', tone: 'text-warning' },
    { days: 1, text: '1d', label: 'Certificate expires in 1 day', tone: 'text-warning' },
    { days: 0, text: '0d', label: 'Certificate expires in less than a day', tone: 'text-danger' },
    { days: -2, text: 'Expired', label: 'Certificate expired on Mar 1, 2025', tone: 'text-danger' },
  ])('shows $text for $days days left, labelled "$label"', async ({ days, text, label, tone }) => {
    await showBadge(badge(days));
    const element = await screen.findByTitle(label, {}, LOAD);
    expect(element).toHaveTextContent(text);
    expect(element).toHaveClass(tone);
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.getByText(label)).toHaveClass('sr-only');
  });

  it('turns to danger when the certificate has problems, however far its expiry', async () => {
    await showBadge(badge(60, 2));
    const element = await screen.findByTitle('Certificate expires in 60 days; 2 problems', {}, LOAD);
    expect(element).toHaveTextContent('60d');
    expect(element).toHaveClass('text-danger');
  });

  it('shows nothing before the first certificate check', async () => {
    const row = await showBadge(null);
    expect(row).toHaveTextContent(/^Row\s*$/);
    expect(screen.queryByTitle(/Certificate/)).not.toBeInTheDocument();
  });
});

describe('certificate badge in the monitor lists', () => {
  const rows = [
    makeRow({ id: 'a', name: 'Marketing site', ssl: badge(12) }),
    makeRow({ id: 'b', name: 'Docs over http', url: 'http://docs.acme.dev', ssl: null }),
  ];

  function stubRows() {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
  }

  it('shows the days left beside the name on the dashboard, and nothing for an http monitor', async () => {
    stubRows();
    renderApp('/dashboard');
    const site = (await screen.findByRole('link', { name: 'Marketing site' }, LOAD)).closest(
      'li',
    ) as HTMLElement;
    expect(within(site).getByTitle('Certificate expires in 12 days')).toHaveTextContent('12d');
    const docs = screen.getByRole('link', { name: 'Docs over http' }).closest('li') as HTMLElement;
    expect(within(docs).queryByTitle(/Certificate/)).not.toBeInTheDocument();
  });

  it('shows the days left in the monitors table row', async () => {
    stubRows();
    renderApp('/dashboard/monitors');
    const table = await screen.findByRole('table', {}, LOAD);
    const row = within(table).getByRole('link', { name: 'Marketing site' }).closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Certificate expires in 12 days')).toHaveTextContent('12d');
    expect(within(row).getByTitle('Certificate expires in 12 days')).toHaveClass('text-warning');
  });
});
