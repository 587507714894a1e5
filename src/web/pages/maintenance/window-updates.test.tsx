import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '../../../core/api/maintenance';
import type { MaintenanceUpdate } from '../../../core/api/maintenance-updates';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const HOUR = 3_600_000;
const now = Date.now();
const startsAt = (Math.floor(now / HOUR) + 26) * HOUR;
const WINDOW: MaintenanceWindow = {
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
};
const POSTED: MaintenanceUpdate = {
  id: 'u-1',
  windowId: 'w-1',
  message: 'We upgrade the database tomorrow.',
  createdAt: now - HOUR,
};

function serve() {
  const updates = [POSTED];
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/monitors': () => json({ monitors: [], nextCursor: null }),
      'GET /api/v1/maintenance-windows': (request: RecordedRequest) =>
        json({ windows: request.query.includes('state=open') ? [WINDOW] : [], nextCursor: null }),
      'GET /api/v1/maintenance-windows/w-1/updates': () => json({ updates }),
      'POST /api/v1/maintenance-windows/w-1/updates': (request) => {
        const update = { ...POSTED, id: 'u-2', createdAt: now, ...(request.body as object) };
        updates.unshift(update);
        return json(update, 201);
      },
      'DELETE /api/v1/maintenance-windows/w-1/updates/u-1': () => {
        updates.splice(updates.indexOf(POSTED), 1);
        return new Response(null, { status: 204 });
      },
    },
  });
}

const sent = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method !== 'GET' && request.path.includes('/updates'))
    .map((request) => [request.method, request.path, request.body]);

describe('public updates on a maintenance window', () => {
  it('lists, posts and deletes the updates status pages show under the window', async () => {
    const { requests } = serve();
    renderApp('/dashboard/maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Updates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Public updates on Database upgrade' });
    const posted = await within(dialog).findByRole('list', { name: 'Posted updates' });
    expect(posted).toHaveTextContent('We upgrade the database tomorrow.');

    await user.click(within(dialog).getByRole('button', { name: 'Post update' }));
    expect(within(dialog).getByText('Write the update.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New update'), 'Under way; reads work, writes wait.');
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }));
    expect(await screen.findByText('Update posted.')).toBeInTheDocument();
    await waitFor(() => expect(within(posted).getAllByRole('listitem')).toHaveLength(2));
    expect(within(dialog).getByLabelText('New update')).toHaveValue('');

    const [, older] = within(posted).getAllByRole('listitem');
    await user.click(within(older as HTMLElement).getByRole('button', { name: /^Delete the update of / }));
    expect(await screen.findByText('Update deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(posted).getAllByRole('listitem')).toHaveLength(1));
    expect(sent(requests)).toEqual([
      ['POST', '/api/v1/maintenance-windows/w-1/updates', { message: 'Under way; reads work, writes wait.' }],
      ['DELETE', '/api/v1/maintenance-windows/w-1/updates/u-1', undefined],
    ]);
  });
});
