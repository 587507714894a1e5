import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DigestData, DigestReport, DigestReportSummary } from '../../../core/api/digests';
import { makePlanCustomer } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

// Weeks in London (UTC in November): Monday 00:00 to the next Monday 00:00.
const WEEK_START = Date.UTC(2026, 10, 9);
const WEEK_END = Date.UTC(2026, 10, 16);

function summary(overrides: Partial<DigestReportSummary> = {}): DigestReportSummary {
  return {
    id: 'r-1',
    periodStart: WEEK_START,
    periodEnd: WEEK_END,
    frequency: 'weekly',
    createdAt: WEEK_END + 8 * 3_600_000,
    sentAt: WEEK_END + 8 * 3_600_000,
    uptimePercent: 99.5,
    incidentCount: 2,
    ...overrides,
  };
}

const DATA: DigestData = {
  periodStart: WEEK_START,
  periodEnd: WEEK_END,
  frequency: 'weekly',
  overall: { uptimePercent: 99.5, uptimeChange: -0.5 },
  monitors: [],
  incidents: { count: 2, downtimeMinutes: 105, longestMinutes: 60 },
  certificatesExpiring: [
    { monitorId: 'm-1', name: 'Shop', daysRemaining: 10, validTo: WEEK_END + 10 * 86_400_000 },
  ],
  performance: [],
  deployments: 3,
};

const starter = { 'POST /api/billing/customers': () => json(makePlanCustomer('starter')) };

describe('reports', () => {
  it('lists each digest with its period, uptime, incidents and when it was sent', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        ...starter,
        'GET /api/v1/reports': () =>
          json({
            reports: [
              summary(),
              summary({
                id: 'r-0',
                periodStart: WEEK_START - 7 * 86_400_000,
                periodEnd: WEEK_START,
                sentAt: null,
                uptimePercent: null,
                incidentCount: 0,
              }),
            ],
            nextCursor: null,
          }),
      },
    });
    renderApp('/dashboard/reports');
    // The file's first render also loads the reports route's lazy chunks.
    const table = await screen.findByRole('table', { name: 'Reports' }, { timeout: 10_000 });
    const [, latest, older] = within(table).getAllByRole('row');
    expect(latest).toHaveTextContent('Nov 9, 2026 – Nov 15, 2026');
    expect(latest).toHaveTextContent('Weekly');
    expect(latest).toHaveTextContent('99.50%');
    expect(latest).toHaveTextContent('Nov 16, 2026, 8:00 AM');
    expect(
      within(latest as HTMLElement).getByRole('link', { name: 'Nov 9, 2026 – Nov 15, 2026' }),
    ).toHaveAttribute('href', '/dashboard/reports/r-1');
    expect(older).toHaveTextContent('Nov 2, 2026 – Nov 8, 2026');
    expect(older).toHaveTextContent('—');
    expect(older).toHaveTextContent('Not sent');
  });

  it('says when there are no reports yet', async () => {
    stubServer({
      user: TEST_USER,
      routes: { ...starter, 'GET /api/v1/reports': () => json({ reports: [], nextCursor: null }) },
    });
    renderApp('/dashboard/reports');
    expect(await screen.findByText('No reports yet')).toBeInTheDocument();
  });

  it('shows Feature Unavailable to free users', async () => {
    const { requests } = stubServer({ user: TEST_USER });
    renderApp('/dashboard/reports');
    expect(await screen.findByText('Feature Unavailable')).toBeInTheDocument();
    expect(
      screen.getByText('This feature requires a Starter subscription plan or higher.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/reports')).toBe(false);
  });

  it('opens a report with its key figures and the stored mail in a sandboxed frame', async () => {
    const report: DigestReport = {
      ...summary(),
      html: '<!doctype html><html><body><h1>Weekly digest</h1><script>parent.x=1</script></body></html>',
      data: DATA,
    };
    stubServer({
      user: TEST_USER,
      routes: {
        ...starter,
        'GET /api/v1/reports': () => json({ reports: [summary()], nextCursor: null }),
        'GET /api/v1/reports/r-1': () => json(report),
      },
    });
    renderApp('/dashboard/reports');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Nov 9, 2026 – Nov 15, 2026' }));

    expect(await screen.findByRole('heading', { name: 'Weekly digest' })).toBeInTheDocument();
    expect(screen.getByText('Nov 9, 2026 – Nov 15, 2026 · Sent Nov 16, 2026, 8:00 AM')).toBeInTheDocument();
    const figures = within(screen.getByLabelText('Key figures'));
    const figure = (label: string) => figures.getByText(label).nextElementSibling;
    expect(figure('Uptime')).toHaveTextContent('99.50%');
    expect(figure('Incidents')).toHaveTextContent('2');
    expect(figure('Downtime')).toHaveTextContent('1 h 45 min');
    expect(figure('Certificates expiring')).toHaveTextContent('1');
    expect(figure('Deployments')).toHaveTextContent('3');
    const frame = screen.getByTitle('Digest email');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(report.html);
  });

  it('says a report of another account is not found', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        ...starter,
        'GET /api/v1/reports/r-9': () =>
          json({ error: { code: 'report_not_found', message: 'No such report in your account.' } }, 404),
      },
    });
    renderApp('/dashboard/reports/r-9');
    expect(await screen.findByText('Report not found')).toBeInTheDocument();
    expect(screen.getByText('No such report in your account.')).toBeInTheDocument();
  });
});
