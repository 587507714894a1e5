import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../../core/api/history';
import type { MonitorRegions } from '../../../../core/api/regions';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor, makeResult, makeUptimeReport } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';

const NOW = Date.now();
const TIMEOUT = 'Timed out after 30 s.';

const NO_FIGURES = {
  last24h: { checks: 0, uptimePercent: null, avgMs: null },
  last30d: { checks: 0, uptimePercent: null, avgMs: null },
};

const regions: MonitorRegions = {
  regions: null,
  quorum: null,
  effectiveQuorum: 2,
  states: [
    {
      region: 'a',
      online: true,
      status: 'down',
      lastCheckedAt: NOW - 4000,
      latencyMs: null,
      failure: { code: 'timeout', message: TIMEOUT },
      ...NO_FIGURES,
    },
    {
      region: 'b',
      online: true,
      status: 'up',
      lastCheckedAt: NOW - 3000,
      latencyMs: 84,
      failure: null,
      ...NO_FIGURES,
    },
    {
      region: 'c',
      online: true,
      status: 'up',
      lastCheckedAt: NOW - 2000,
      latencyMs: 131,
      failure: null,
      ...NO_FIGURES,
    },
    {
      region: 'd',
      online: false,
      status: 'up',
      lastCheckedAt: NOW - 600_000,
      latencyMs: 95,
      failure: null,
      ...NO_FIGURES,
    },
  ],
  failingFrom: ['a'],
  alertOnRegionFailure: false,
};

/** Three rounds from regions a, b and c: newest first, as the API sends them. */
function threeRegions(): CheckResult[] {
  const times = { a: [40, 41, 42], b: [80, 84, 90], c: [120, 125, 131] } as const;
  return [2, 1, 0].flatMap((round) =>
    (['c', 'b', 'a'] as const).map((region, offset) =>
      makeResult({
        id: `r-${round}-${region}`,
        region,
        checkedAt: NOW - (3 - round) * 60_000 - offset * 500,
        totalMs: times[region][round],
      }),
    ),
  );
}

function overviewWith(results: CheckResult[], answer: MonitorRegions | null) {
  const monitor = makeMonitor({ id: 'm-1', failingFrom: answer?.failingFrom ?? [] });
  stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/monitors/m-1': () => json(monitor),
      'GET /api/v1/monitors/m-1/results': () => json({ results, nextCursor: null }),
      'GET /api/v1/monitors/m-1/uptime': () => json(makeUptimeReport()),
      ...(answer ? { 'GET /api/v1/monitors/m-1/regions': () => json(answer) } : {}),
    },
  });
  return renderApp('/dashboard/monitors/m-1');
}

describe('monitor overview of a monitor checked from several regions', () => {
  it('lists each region’s status, latency, last check and error, with the quorum, and dims the offline one', async () => {
    overviewWith(threeRegions(), regions);

    const card = (await screen.findByRole('heading', { name: 'Regions' })).closest('div.rounded-ui');
    const table = within(card as HTMLElement).getByRole('table');
    expect(card).toHaveTextContent('Down when 2 of 3 live regions fail');
    // A region's own row has a cell per column; its error also has a row of its own on narrow screens.
    const [a, b, , d] = within(table)
      .getAllByRole('row')
      .filter((row) => (row as HTMLTableRowElement).cells.length === 5)
      .slice(1);
    expect(a).toHaveTextContent('Down');
    expect(a).toHaveTextContent(TIMEOUT);
    expect(a?.nextElementSibling).toHaveTextContent(TIMEOUT);
    expect(a).toHaveTextContent(/\d+ s ago/);
    expect(b).toHaveTextContent('Up');
    expect(b).toHaveTextContent('84 ms');
    expect(within(d as HTMLElement).getByText('offline')).toBeInTheDocument();
    expect(d).toHaveClass('opacity-60');
    expect(a).not.toHaveClass('opacity-60');
  });

  it('charts a latency line per region, named in the chart’s summary', async () => {
    overviewWith(threeRegions(), regions);
    expect(
      await screen.findByText(
        'Response time of the last 9 checks from 3 regions: a 40 ms to 42 ms; b 80 ms to 90 ms; c 120 ms to 131 ms.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no regions card and the usual breakdown for a monitor checked from one place', async () => {
    overviewWith([makeResult({ id: 'r-2', totalMs: 130 }), makeResult({ id: 'r-1', totalMs: 120 })], {
      ...regions,
      effectiveQuorum: null,
      states: [],
      failingFrom: [],
    });
    expect(
      await screen.findByText('Response time of the last 2 checks: 120 ms to 130 ms.'),
    ).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Recent checks' });
    expect(screen.queryByRole('heading', { name: 'Regions' })).toBeNull();
  });
});
