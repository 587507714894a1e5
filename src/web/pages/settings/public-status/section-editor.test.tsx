import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StatusPage } from '../../../../core/api/status-pages';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';
import { makeStatusPage } from '../../../test/status-pages';

const LOAD = { timeout: 10_000 };
const monitors = [
  makeMonitor({ id: 'm-1', name: 'Marketing site' }),
  makeMonitor({ id: 'm-2', name: 'Checkout API' }),
  makeMonitor({ id: 'm-3', name: 'Docs' }),
];

function serve(pages: StatusPage[], extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/status-pages': () => json({ statusPages: pages }),
      'GET /api/v1/monitors': () => json({ monitors, nextCursor: null }),
      ...extra,
    },
  });
}

const bodyOf = (requests: RecordedRequest[], method: string, path: string) =>
  requests.find((request) => request.method === method && request.path === path)?.body;

describe('sections in the status page form', () => {
  it('adds, names, describes, folds and orders sections, and puts monitors in them', async () => {
    const { requests } = serve([], {
      'POST /api/v1/status-pages': () => json(makeStatusPage({ name: 'Acme' }), 201),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');
    await user.click(await screen.findByRole('button', { name: 'New status page' }, LOAD));
    await user.type(screen.getByLabelText('Name'), 'Acme');
    const picker = await screen.findByRole('combobox', { name: 'Monitor to add' }, LOAD);
    for (const name of ['Marketing site', 'Checkout API', 'Docs']) {
      await user.selectOptions(picker, name);
      await user.click(screen.getByRole('button', { name: 'Add monitor' }));
    }
    // No section yet: the monitors offer none.
    expect(screen.queryByLabelText('Section of Docs')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.type(screen.getByLabelText('Section 1 name'), 'Extras');
    await user.click(screen.getByLabelText('Fold section 1 at first'));
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.type(screen.getByLabelText('Section 2 name'), 'Core services');
    await user.type(screen.getByLabelText('Section 2 description'), 'Buying and paying');
    await user.click(screen.getByRole('button', { name: 'Move Core services up' }));
    expect(screen.getByLabelText('Section 1 name')).toHaveValue('Core services');

    await user.selectOptions(screen.getByLabelText('Section of Checkout API'), 'Core services');
    await user.selectOptions(screen.getByLabelText('Section of Docs'), 'Extras');
    await user.click(screen.getByRole('button', { name: 'Create status page' }));

    expect(await screen.findByText('Acme created.')).toBeInTheDocument();
    expect(bodyOf(requests, 'POST', '/api/v1/status-pages')).toMatchObject({
      monitors: [
        { monitorId: 'm-1', displayName: null },
        { monitorId: 'm-2', displayName: null },
        { monitorId: 'm-3', displayName: null },
      ],
      sections: [
        { name: 'Core services', description: 'Buying and paying', collapsed: false, monitorIds: ['m-2'] },
        { name: 'Extras', description: null, collapsed: true, monitorIds: ['m-3'] },
      ],
    });
  });

  it('keeps saved sections by id, and sends a removed section’s monitors back to the flat list', async () => {
    const page = makeStatusPage({
      sections: [
        { id: 'sec-1', name: 'Shop', description: null, collapsed: false, monitorIds: ['m-2'] },
        { id: 'sec-2', name: 'Content', description: 'Pages', collapsed: true, monitorIds: ['m-1'] },
      ],
    });
    const { requests } = serve([page], {
      'PATCH /api/v1/status-pages/sp-1': () => json(page),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');
    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }, LOAD));

    expect(screen.getByLabelText('Section 2 description')).toHaveValue('Pages');
    expect(screen.getByLabelText('Fold section 2 at first')).toBeChecked();
    expect(screen.getByLabelText('Section of Checkout API')).toHaveDisplayValue('Shop');
    expect(screen.getByLabelText('Section of Marketing site')).toHaveDisplayValue('Content');

    await user.click(screen.getByRole('button', { name: 'Remove Content' }));
    expect(screen.getByLabelText('Section of Marketing site')).toHaveDisplayValue('No section');
    await user.clear(screen.getByLabelText('Section 1 name'));
    await user.type(screen.getByLabelText('Section 1 name'), 'Storefront');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Acme status saved.')).toBeInTheDocument();
    expect(bodyOf(requests, 'PATCH', '/api/v1/status-pages/sp-1')).toMatchObject({
      sections: [
        { id: 'sec-1', name: 'Storefront', description: null, collapsed: false, monitorIds: ['m-2'] },
      ],
    });
  });

  it('shows the schema’s message for a section without a name, on the sections', async () => {
    const { requests } = serve([]);
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');
    await user.click(await screen.findByRole('button', { name: 'New status page' }, LOAD));
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(screen.getByRole('button', { name: 'Create status page' }));
    expect(await screen.findByText('Name the section.')).toBeInTheDocument();
    expect(bodyOf(requests, 'POST', '/api/v1/status-pages')).toBeUndefined();
  });
});
