import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor, makeUptimeReport } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';

const monitor = makeMonitor({ id: 'm-1', name: 'Checkout', degradedAboveMs: 800 });
const upstream = makeMonitor({ id: 'm-2', name: 'Core API', url: 'https://api.acme.dev' });

function routes(extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  return {
    'GET /api/v1/monitors/m-1': () => json(monitor),
    'GET /api/v1/monitors/m-2': () => json(upstream),
    'GET /api/v1/monitors': () => json({ monitors: [monitor, upstream], nextCursor: null }),
    'GET /api/v1/monitors/m-1/results': () => json({ results: [], nextCursor: null }),
    'GET /api/v1/monitors/m-1/uptime': () => json(makeUptimeReport()),
    'GET /api/v1/alert-channels': () => json({ channels: [], accountEmail: TEST_USER.email }),
    'GET /api/v1/monitors/m-1/alert-channels': () => json({ channelIds: [], usesAccountEmail: true }),
    'GET /api/v1/monitors/m-1/alert-settings': () =>
      json({ dependsOn: [], renotifyMinutes: null, alertOnDegraded: false }),
    ...extra,
  };
}

describe('monitor settings: dependencies and reminders', () => {
  it('lists other monitors to depend on and saves the choice, reminders and slow alerts with PATCH', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes({
        'PATCH /api/v1/monitors/m-1/alert-settings': (request) => json(request.body),
      }),
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    const coreApi = await screen.findByRole('checkbox', { name: /Core API/ });
    // The monitor itself is never offered.
    expect(screen.queryByRole('checkbox', { name: /^Checkout/ })).not.toBeInTheDocument();
    expect(screen.getByText(/When two checks running take longer than 800 ms/)).toBeInTheDocument();
    await user.click(coreApi);
    await user.selectOptions(screen.getByLabelText('Remind while down'), 'Every 30 minutes');
    await user.click(screen.getByRole('checkbox', { name: /Alert when slow/ }));
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      dependsOn: ['m-2'],
      renotifyMinutes: 30,
      alertOnDegraded: true,
    });
    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
  });
});
