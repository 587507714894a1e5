import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MonitorRegions, Region } from '../../../../core/api/regions';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor, makeUptimeReport } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';

const monitor = makeMonitor({ id: 'm-1', name: 'Checkout' });

function region(name: string, online = true): Region {
  return { name, online, lastSeenAt: Date.now(), checksPerMinute: 60, workers: [] };
}

const everyRegion: MonitorRegions = {
  regions: null,
  quorum: null,
  effectiveQuorum: 2,
  states: [],
  failingFrom: [],
  alertOnRegionFailure: false,
};

function routes(
  regions: Region[],
  current: MonitorRegions,
  extra: Record<string, (request: RecordedRequest) => Response> = {},
) {
  return {
    'GET /api/v1/monitors/m-1': () => json(monitor),
    'GET /api/v1/monitors/m-1/results': () => json({ results: [], nextCursor: null }),
    'GET /api/v1/monitors/m-1/uptime': () => json(makeUptimeReport()),
    'GET /api/v1/alert-channels': () => json({ channels: [], accountEmail: TEST_USER.email }),
    'GET /api/v1/monitors/m-1/alert-channels': () => json({ channelIds: [], usesAccountEmail: true }),
    'GET /api/v1/monitors/m-1/alert-settings': () =>
      json({ dependsOn: [], renotifyMinutes: null, alertOnDegraded: false }),
    'GET /api/v1/regions': () => json({ regions }),
    'GET /api/v1/monitors/m-1/regions': () => json(current),
    ...extra,
  };
}

const putBodies = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PUT').map((request) => request.body);

describe('monitor settings: regions', () => {
  it('chooses only regions a and c with at least 2 failing, and saves them with PUT', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([region('a'), region('b'), region('c')], everyRegion, {
        'PUT /api/v1/monitors/m-1/regions': (request) =>
          json({ ...everyRegion, ...(request.body as object) }),
      }),
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    expect(await screen.findByRole('radio', { name: /All live regions/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /More than half/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'a' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Only these regions/ }));
    // Every live region starts ticked.
    expect(screen.getByRole('checkbox', { name: 'b' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'b' }));
    await user.click(screen.getByRole('radio', { name: /At least/ }));
    const count = screen.getByRole('spinbutton', { name: 'Failing regions' });
    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('checkbox', { name: /Alert when one region fails alone/ }));
    await user.click(screen.getByRole('button', { name: 'Save regions' }));

    await waitFor(() =>
      expect(putBodies(requests)).toEqual([{ regions: ['a', 'c'], quorum: 2, alertOnRegionFailure: true }]),
    );
    expect(await screen.findByText('Regions saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /All live regions/ }));
    await user.click(screen.getByRole('radio', { name: /More than half/ }));
    expect(screen.getByRole('checkbox', { name: /Alert when one region fails alone/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Alert when one region fails alone/ }));
    await user.click(screen.getByRole('button', { name: 'Save regions' }));
    await waitFor(() =>
      expect(putBodies(requests)[1]).toEqual({ regions: null, quorum: null, alertOnRegionFailure: false }),
    );
  });

  it('shows the server’s reason when it refuses the choice', async () => {
    const message = 'No worker has checked from region "b". Start one with: upwatch worker --region b';
    stubServer({
      user: TEST_USER,
      routes: routes(
        [region('a'), region('b', false)],
        { ...everyRegion, regions: ['a', 'b'] },
        {
          'PUT /api/v1/monitors/m-1/regions': () => json({ error: { code: 'unknown_region', message } }, 422),
        },
      ),
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    expect(await screen.findByRole('radio', { name: /Only these regions/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'b offline' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save regions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('is left out with one region, unless regions were chosen while there were several', async () => {
    stubServer({ user: TEST_USER, routes: routes([region('local')], everyRegion) });
    const { unmount } = renderApp('/dashboard/monitors/m-1/settings');
    await screen.findByRole('heading', { name: 'Dependencies and reminders' });
    await waitFor(() => expect(screen.queryByRole('radio', { name: /All live regions/ })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Regions' })).toBeNull();
    unmount();

    stubServer({ user: TEST_USER, routes: routes([region('local')], { ...everyRegion, regions: ['eu'] }) });
    renderApp('/dashboard/monitors/m-1/settings');
    expect(await screen.findByRole('heading', { name: 'Regions' })).toBeInTheDocument();
    // Chosen once, its workers long gone: still listed, so it can be unticked.
    expect(screen.getByRole('checkbox', { name: 'eu offline' })).toBeChecked();
  });

  it('lets a viewer see the regions but not change them', async () => {
    stubServer({
      user: TEST_USER,
      routes: routes([region('a'), region('b')], everyRegion, {
        'GET /api/v1/workspaces': () =>
          json({ workspaces: [{ id: 'user-1', name: "Ada's workspace", role: 'viewer', active: true }] }),
      }),
    });
    renderApp('/dashboard/monitors/m-1/settings');

    expect(await screen.findByRole('radio', { name: /All live regions/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /More than half/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save regions' })).toBeNull();
  });
});
