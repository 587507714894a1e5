import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldMetricSummary, FieldReport, RumSettings } from '../../../../core/api/field';
import type { FieldMetric } from '../../../../core/api/field-vitals';
import { FIRST_PAGE_VIEW_POLL_MS } from '../../../lib/field';
import { makePlanCustomer } from '../../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makePlanUsage, makeSite, PERF_NOW } from '../../../test/performance';
import { renderApp } from '../../../test/render-app';
import { OVER_ALLOWANCE_TEXT } from '../rum-allowance-banner';

const LOAD = { timeout: 5000 };
const SITE = makeSite({ name: 'Shop', url: 'https://shop.acme.dev/' });
const SNIPPET = '<script defer src="https://upwatch.example/rum.js" data-site="k-123"></script>';

const OFF: RumSettings = {
  enabled: false,
  key: null,
  snippet: null,
  sampleRate: 1,
  allowedOrigins: [],
  routes: [],
  firstPageViewAt: null,
  overAllowance: false,
};
const WAITING: RumSettings = {
  enabled: true,
  key: 'k-123',
  snippet: SNIPPET,
  sampleRate: 1,
  allowedOrigins: ['https://shop.acme.dev'],
  routes: [],
  firstPageViewAt: null,
  overAllowance: false,
};
const LIVE: RumSettings = { ...WAITING, firstPageViewAt: PERF_NOW - 3_600_000 };

/** A vital's summary with its p75 and its page views split good / needs improvement / poor. */
function vital(p75: number | null, good = 0, needsImprovement = 0, poor = 0): FieldMetricSummary {
  return { p75, good, needsImprovement, poor, count: good + needsImprovement + poor };
}

type Metrics = FieldReport['metrics'];
const GOOD: Metrics = {
  lcp: vital(2100, 80, 15, 5),
  inp: vital(180, 90, 8, 2),
  cls: vital(0.05, 95, 5, 0),
  fcp: vital(1200, 85, 10, 5),
  ttfb: vital(620, 70, 20, 10),
};
const none = (): Metrics =>
  Object.fromEntries(['lcp', 'inp', 'cls', 'fcp', 'ttfb'].map((m) => [m, vital(null)])) as Record<
    FieldMetric,
    FieldMetricSummary
  >;

function report(overrides: Partial<FieldReport> = {}): FieldReport {
  return {
    range: '28d',
    from: PERF_NOW - 28 * 86_400_000,
    to: PERF_NOW,
    pageViews: 100,
    metrics: GOOD,
    groups: [],
    attribution: [],
    ...overrides,
  };
}

const ROUTES = [
  { key: '/', pageViews: 60, metrics: GOOD },
  { key: '/p/:id', pageViews: 30, metrics: { ...GOOD, lcp: vital(4600, 10, 20, 70) } },
  { key: '/cart', pageViews: 10, metrics: { ...GOOD, inp: vital(320, 40, 50, 10) } },
];
const DEVICES = [
  { key: 'mobile', pageViews: 70, metrics: GOOD },
  { key: 'desktop', pageViews: 30, metrics: GOOD },
];

/** The field report by grouping, as GET …/field answers it. */
function fieldRoute(byGrouping: Partial<Record<string, FieldReport>> = {}) {
  return (request: RecordedRequest) => {
    const groupBy = new URLSearchParams(request.query).get('groupBy') ?? 'none';
    return json(byGrouping[groupBy] ?? report());
  };
}

type Routes = NonNullable<Parameters<typeof stubServer>[0]>['routes'];

function serve(settings: () => RumSettings, field = fieldRoute(), extra: Routes = {}) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('starter', {}, { id: TEST_USER.id })),
      'GET /api/v1/performance/sites/site-1': () => json(SITE),
      'GET /api/v1/performance/sites/site-1/runs': () => json({ runs: [], nextCursor: null }),
      'GET /api/v1/me/plan': () => json(makePlanUsage({ used: 1, limit: 15 }, { remaining: 90, limit: 100 })),
      'GET /api/v1/performance/sites/site-1/rum': () => json(settings()),
      'GET /api/v1/performance/sites/site-1/field': field,
      ...extra,
    },
  });
}

const fieldRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/v1/performance/sites/site-1/field');

describe('the Field section of a performance site', () => {
  it('shows the five vitals at p75 with their rating bars, the verdict and the page views', async () => {
    const { requests } = serve(() => LIVE);
    renderApp('/dashboard/performance/site-1');

    const tiles = await screen.findByLabelText('Field vitals at the 75th percentile', {}, LOAD);
    expect(await screen.findByText('Passes Core Web Vitals', {}, LOAD)).toBeVisible();
    expect(screen.getByText('100 page views over the last 28 days.')).toBeVisible();
    for (const value of ['2.1 s', '180 ms', '0.05', '1.2 s', '620 ms']) {
      expect(within(tiles).getByText(value)).toBeVisible();
    }
    expect(
      within(tiles).getByRole('img', { name: 'Good 80 %, Needs improvement 15 %, Poor 5 %' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Field' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Lab' })).toBeVisible();
    expect(fieldRequests(requests).map((request) => request.query)).toContain('?range=28d&groupBy=none');
  });

  it('fails Core Web Vitals when one of LCP, INP and CLS is not good, and asks again for another range', async () => {
    const { requests } = serve(
      () => LIVE,
      fieldRoute({ none: report({ metrics: { ...GOOD, inp: vital(320, 40, 50, 10) } }) }),
    );
    renderApp('/dashboard/performance/site-1');
    expect(await screen.findByText('Fails Core Web Vitals', {}, LOAD)).toBeVisible();
    expect(screen.queryByText('Passes Core Web Vitals')).not.toBeInTheDocument();

    const range = screen.getByRole('group', { name: 'Range' });
    expect(within(range).getByRole('button', { name: '28 d' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(range).getByRole('button', { name: '7 d' }));
    expect(within(range).getByRole('button', { name: '7 d' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(fieldRequests(requests).map((request) => request.query)).toContain('?range=7d&groupBy=none'),
    );
    expect(await screen.findByText('100 page views over the last 7 days.')).toBeVisible();
  });

  it('gives no verdict without page views', async () => {
    serve(() => LIVE, fieldRoute({ none: report({ pageViews: 0, metrics: none() }) }));
    renderApp('/dashboard/performance/site-1');
    expect(await screen.findByText('No page views in this range yet.', {}, LOAD)).toBeVisible();
    expect(screen.queryByText(/^(Passes|Fails) Core Web Vitals$/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Field vitals at the 75th percentile')).toHaveTextContent('No data');
  });

  it('lists routes worst first with their page views, the device split and what to fix', async () => {
    serve(
      () => LIVE,
      fieldRoute({
        route: report({ groups: ROUTES }),
        device: report({ groups: DEVICES }),
        none: report({
          attribution: [{ metric: 'lcp', route: '/p/:id', selector: 'img.hero', count: 43, share: 0.62 }],
        }),
      }),
    );
    renderApp('/dashboard/performance/site-1');

    const routes = await screen.findByRole('table', { name: 'Routes' }, LOAD);
    const rows = within(routes).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '/p/:id',
      '/cart',
      '/',
    ]);
    expect(rows[0]).toHaveTextContent('30');
    expect(rows[0]).toHaveTextContent('4.6 s (Poor)');
    expect(rows[1]).toHaveTextContent('320 ms (Needs improvement)');

    const devices = await screen.findByRole('table', { name: 'Devices' });
    expect(
      within(devices)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mobile', 'Desktop']);
    expect(within(devices).getAllByRole('row')[1]).toHaveTextContent('7070 %');

    const fixes = await screen.findByRole('list', { name: 'What to fix' });
    expect(within(fixes).getByRole('listitem')).toHaveTextContent(
      'LCP element img.hero on /p/:id in 62 % of poor LCPs',
    );
  });

  it('says so above the figures when the workspace is past its page views', async () => {
    serve(() => ({ ...LIVE, overAllowance: true }));
    renderApp('/dashboard/performance/site-1');
    const field = await screen.findByRole('region', { name: 'Field' }, LOAD);
    expect(await within(field).findByText(new RegExp(`^${OVER_ALLOWANCE_TEXT}`))).toBeVisible();
    expect(await within(field).findByText('Passes Core Web Vitals')).toBeVisible();
  });
});

describe('setting up real-user monitoring', () => {
  it('turns it on, shows the snippet, and waits for the first page view', async () => {
    let settings = OFF;
    const { requests } = serve(() => settings, fieldRoute(), {
      'PUT /api/v1/performance/sites/site-1/rum': () => {
        settings = WAITING;
        return json(settings);
      },
    });
    renderApp('/dashboard/performance/site-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on real-user monitoring' }, LOAD));

    expect(await screen.findByText('Waiting for the first page view', { selector: 'p' })).toBeVisible();
    expect(screen.getByText(SNIPPET)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy the snippet' })).toBeVisible();
    expect(screen.getByLabelText('Allowed origins')).toHaveValue('https://shop.acme.dev');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ enabled: true });
    // No figures before the first page view.
    expect(screen.queryByText('Passes Core Web Vitals')).not.toBeInTheDocument();
  });

  it('turns live by itself when the first page view comes', async () => {
    let settings = WAITING;
    serve(() => settings);
    renderApp('/dashboard/performance/site-1');
    expect(await screen.findByText('Waiting for the first page view', { selector: 'p' }, LOAD)).toBeVisible();
    settings = LIVE;
    expect(
      await screen.findByText('Passes Core Web Vitals', {}, { timeout: FIRST_PAGE_VIEW_POLL_MS + 3000 }),
    ).toBeVisible();
    expect(screen.queryByText('Waiting for the first page view', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Live: the first page view came on/)).toBeVisible();
  }, 15_000);

  it('saves the sample rate and allowed origins, and names a bad origin', async () => {
    const { requests } = serve(() => WAITING, fieldRoute(), {
      'PUT /api/v1/performance/sites/site-1/rum': (request) =>
        json({ ...WAITING, ...(request.body as object) }),
    });
    renderApp('/dashboard/performance/site-1');
    const origins = await screen.findByLabelText('Allowed origins', {}, LOAD);
    fireEvent.change(origins, { target: { value: 'https://shop.acme.dev\nshop.acme.dev/path' } });
    fireEvent.change(screen.getByLabelText('Sample rate (%)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/^An origin is a scheme and a host/)).toBeVisible();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(origins, { target: { value: 'https://shop.acme.dev\n http://127.0.0.1:8080 \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeVisible();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      enabled: true,
      sampleRate: 0.5,
      allowedOrigins: ['https://shop.acme.dev', 'http://127.0.0.1:8080'],
      routes: [],
    });
  });
});
