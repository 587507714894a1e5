import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const AT = Date.UTC(2026, 10, 25, 9);

function event(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    at: AT,
    actor: { id: 'user-1', name: 'Ada Lovelace', apiKey: null },
    action: 'monitor.create',
    resource: { type: 'monitor', id: 'm-1', name: 'Shop' },
    address: '203.0.113.7',
    ...overrides,
  };
}

describe('Settings → Audit log', () => {
  it('reads who changed what, filters by person and kind, and loads the next page', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/workspaces': () =>
          json({ workspaces: [{ id: 'user-1', name: "Ada's workspace", role: 'viewer', active: true }] }),
        'GET /api/v1/workspace/members': () =>
          json({
            members: [
              {
                userId: 'user-1',
                name: 'Ada Lovelace',
                email: 'a@example.com',
                role: 'owner',
                joinedAt: 1,
                lastActiveAt: null,
              },
              {
                userId: 'user-2',
                name: 'Grace Hopper',
                email: 'g@example.com',
                role: 'viewer',
                joinedAt: 2,
                lastActiveAt: null,
              },
            ],
            invitations: [],
          }),
        'GET /api/v1/audit-events': (request) =>
          request.query.includes('cursor=')
            ? json({
                events: [
                  event('e-3', {
                    action: 'monitor.delete',
                    resource: { type: 'monitor', id: 'm-0', name: 'Old shop' },
                  }),
                ],
                nextCursor: null,
              })
            : json({
                events: [
                  event('e-1'),
                  event('e-2', {
                    actor: {
                      id: 'user-1',
                      name: 'Ada Lovelace',
                      apiKey: { id: 'k-1', name: 'GitHub Actions' },
                    },
                    action: 'deployment.create',
                    resource: { type: 'deployment', id: 'd-1', name: 'v1.2.0 to production' },
                  }),
                ],
                nextCursor: 'next',
              }),
      },
    });
    renderApp('/dashboard/settings/audit');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Audit events' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ada Lovelace created monitor Shop');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent(
      'Ada Lovelace with API key GitHub Actions recorded deployment v1.2.0 to production',
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Old shop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Who'), 'user-2');
    await user.selectOptions(screen.getByLabelText('What'), 'monitor');
    await screen.findByRole('list', { name: 'Audit events' });
    const last = requests.filter((r) => r.path === '/api/v1/audit-events').at(-1);
    expect(last?.query).toContain('actor=user-2');
    expect(last?.query).toContain('resourceType=monitor');
  });
});
