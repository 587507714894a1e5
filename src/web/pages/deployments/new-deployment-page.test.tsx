import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePlanCustomer } from '../../test/billing';
import { makeDeployment } from '../../test/deployments';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const LOAD = { timeout: 10_000 };

function showForm(record: (request: RecordedRequest) => Response) {
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('pro')),
      'GET /api/v1/monitors': () =>
        json({
          monitors: [
            makeRow({ id: 'm-1', name: 'Marketing site' }),
            makeRow({ id: 'm-2', name: 'Checkout API', url: 'https://api.acme.dev' }),
          ],
          nextCursor: null,
        }),
      'POST /api/v1/deployments': record,
    },
  });
  renderApp('/dashboard/deployments/new');
  return server;
}

const posts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/deployments');

describe('new deployment page', () => {
  it('refuses a commit that is not a hash and a URL that is not http(s), sending nothing', async () => {
    const { requests } = showForm(() => json(makeDeployment(), 201));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Commit', {}, LOAD), 'not-a-sha!');
    await user.type(screen.getByLabelText('URL'), 'ftp://acme.dev');
    await user.click(screen.getByRole('button', { name: 'Record deployment' }));

    expect(await screen.findByText('commit_sha must be a hexadecimal commit hash.')).toBeInTheDocument();
    expect(screen.getByLabelText('Commit')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)).toHaveLength(0);
  });

  it('posts the filled fields with the chosen monitors and trigger_checks, then links to their deployments tabs', async () => {
    const { requests } = showForm((request) => {
      const body = request.body as { monitor_ids: string[] };
      return json(
        makeDeployment({
          id: 'd-9',
          provider: 'manual',
          monitorIds: body.monitor_ids,
          triggeredMonitorIds: body.monitor_ids,
        }),
        201,
      );
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Version', {}, LOAD), 'v1.4.2');
    await user.type(screen.getByLabelText('Commit'), '9fceb02d0ae598e95dc970b74767f19372d61af8');
    await user.type(screen.getByLabelText('Branch'), 'main');
    await user.type(screen.getByLabelText('URL'), 'https://acme.dev');
    await user.click(screen.getByRole('checkbox', { name: /Checkout API/ }));
    await user.click(screen.getByRole('checkbox', { name: /Marketing site/ }));
    await user.click(screen.getByRole('button', { name: 'Record deployment' }));

    const done = await screen.findByRole('status', { name: 'Deployment recorded' });
    expect(done).toHaveTextContent('Deployment v1.4.2 recorded');
    expect(posts(requests).map((r) => r.body)).toEqual([
      {
        version: 'v1.4.2',
        environment: 'production',
        commit_sha: '9fceb02d0ae598e95dc970b74767f19372d61af8',
        branch: 'main',
        url: 'https://acme.dev',
        monitor_ids: ['m-2', 'm-1'],
        status: 'succeeded',
        trigger_checks: true,
      },
    ]);
    expect(within(done).getByRole('link', { name: 'Checkout API' })).toHaveAttribute(
      'href',
      '/dashboard/monitors/m-2/deployments',
    );
    expect(within(done).getByRole('link', { name: 'Marketing site' })).toHaveAttribute(
      'href',
      '/dashboard/monitors/m-1/deployments',
    );
    expect(within(done).getAllByText('check started')).toHaveLength(2);
  });

  it('leaves empty fields and monitors out so the server applies its own rule, and shows its refusal', async () => {
    const { requests } = showForm(() =>
      json({ error: { code: 'feature_not_in_plan', message: 'Deployment tracking needs Pro.' } }, 403),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Check the monitors now', {}, LOAD));
    await user.click(screen.getByRole('button', { name: 'Record deployment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Deployment tracking needs Pro.');
    expect(posts(requests).map((r) => r.body)).toEqual([
      { environment: 'production', status: 'succeeded', trigger_checks: false },
    ]);
  });
});
