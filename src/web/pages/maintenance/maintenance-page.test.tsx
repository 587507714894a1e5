import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '../../../core/api/maintenance';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMonitor } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const HOUR = 3_600_000;
const now = Date.now();
// Whole hours from now, so the calendar and the list show round times.
const inHours = (hours: number) => (Math.floor(now / HOUR) + hours) * HOUR;

function makeWindow(overrides: Partial<MaintenanceWindow> = {}): MaintenanceWindow {
  const startsAt = overrides.startsAt ?? inHours(26);
  return {
    id: 'w-1',
    name: 'Database upgrade',
    startsAt,
    durationMinutes: 60,
    monitorIds: [],
    allMonitors: true,
    recurrence: null,
    state: 'upcoming',
    current: null,
    nextOccurrences: [{ startsAt, endsAt: startsAt + HOUR }],
    deploymentId: null,
    createdAt: now - HOUR,
    updatedAt: now - HOUR,
    ...overrides,
  };
}

/** The writes sent to the maintenance API (billing posts its own). */
const writes = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v1/maintenance-windows'));

const RUNNING = makeWindow({
  id: 'w-2',
  name: 'Deployment v2.0.0 to production',
  startsAt: now - 10 * 60_000,
  durationMinutes: 30,
  monitorIds: ['m-1'],
  allMonitors: false,
  state: 'in_progress',
  current: { startsAt: now - 10 * 60_000, endsAt: now + 20 * 60_000 },
  nextOccurrences: [],
});

function serve(role: 'owner' | 'viewer' = 'owner', open = [RUNNING, makeWindow()]) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/workspaces': () =>
        json({ workspaces: [{ id: 'user-1', name: "Ada's workspace", role, active: true }] }),
      'GET /api/v1/monitors': () =>
        json({ monitors: [makeMonitor({ id: 'm-1', name: 'Shop' })], nextCursor: null }),
      'GET /api/v1/maintenance-windows': (request: RecordedRequest) =>
        json({
          windows: request.query.includes('state=open') ? open : [],
          nextCursor: null,
        }),
      'POST /api/v1/maintenance-windows': (request) => json(makeWindow(request.body as never), 201),
      'POST /api/v1/maintenance-windows/w-1/start': () => json(makeWindow({ state: 'in_progress' })),
      'POST /api/v1/maintenance-windows/w-2/end': () =>
        json({ ...RUNNING, state: 'upcoming', current: null }),
    },
  });
}

describe('the maintenance screen', () => {
  it('lists windows with their state, the monitors they cover and a calendar of what comes', async () => {
    serve();
    renderApp('/dashboard/maintenance');
    const list = await screen.findByRole('list', { name: 'In progress and upcoming' });
    const [running, upcoming] = within(list).getAllByRole('listitem');
    expect(running).toHaveTextContent('Deployment v2.0.0 to production');
    expect(running).toHaveTextContent('In progress');
    expect(await within(running as HTMLElement).findByText('Shop')).toBeInTheDocument();
    expect(within(running as HTMLElement).getByRole('button', { name: 'End now' })).toBeInTheDocument();
    expect(upcoming).toHaveTextContent('Upcoming');
    expect(upcoming).toHaveTextContent('All monitors');
    expect(upcoming).toHaveTextContent('1 h · Once');
    const calendar = screen.getByRole('list', { name: 'Maintenance calendar' });
    expect(within(calendar).getAllByText(/Database upgrade/)).toHaveLength(1);
    expect(within(calendar).getAllByText(/Deployment v2\.0\.0/)).toHaveLength(1);
  });

  it('heads its empty state one level under the page title, as no heading level is skipped', async () => {
    serve('owner', []);
    renderApp('/dashboard/maintenance');
    expect(await screen.findByRole('heading', { level: 2, name: 'No maintenance scheduled' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('starts and ends windows now', async () => {
    const { requests } = serve();
    renderApp('/dashboard/maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End now' }));
    await user.click(screen.getByRole('button', { name: 'Start now' }));
    await waitFor(() =>
      expect(writes(requests).map((r) => r.path)).toEqual([
        '/api/v1/maintenance-windows/w-2/end',
        '/api/v1/maintenance-windows/w-1/start',
      ]),
    );
  });

  it('schedules a weekly window read on the chosen zone’s clock', async () => {
    const { requests } = serve();
    renderApp('/dashboard/maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Schedule maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });
    await user.type(within(dialog).getByLabelText('Name'), 'Weekly patching');
    await user.clear(within(dialog).getByLabelText('Start date'));
    await user.type(within(dialog).getByLabelText('Start date'), '2030-03-11');
    await user.clear(within(dialog).getByLabelText('Start time'));
    await user.type(within(dialog).getByLabelText('Start time'), '09:00');
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'America/New_York');
    await user.clear(within(dialog).getByLabelText('Duration (minutes)'));
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '90');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Every week');
    await user.click(within(dialog).getByLabelText('Mon'));
    await user.click(within(dialog).getByLabelText('Chosen monitors'));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Shop/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule window' }));

    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    const [sent] = writes(requests);
    expect(sent?.body).toEqual({
      name: 'Weekly patching',
      // 09:00 EDT on Monday 11 March 2030.
      startsAt: Date.UTC(2030, 2, 11, 13, 0),
      durationMinutes: 90,
      monitorIds: ['m-1'],
      recurrence: { frequency: 'weekly', timezone: 'America/New_York', daysOfWeek: [1] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a viewer the windows without the buttons that change them', async () => {
    serve('viewer');
    renderApp('/dashboard/maintenance');
    await screen.findByRole('list', { name: 'In progress and upcoming' });
    expect(screen.queryByRole('button', { name: 'Schedule maintenance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start now' })).not.toBeInTheDocument();
  });
});
