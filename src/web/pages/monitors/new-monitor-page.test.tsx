import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePlanCustomer } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMonitor } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const LIMIT_TEXT = "You've reached your monitor limit on the free plan.";

async function fillAndSubmit(url: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Marketing site');
  await user.type(screen.getByLabelText('URL'), url);
  await user.click(screen.getByRole('button', { name: 'Create monitor' }));
}

describe('new monitor form', () => {
  it('shows the schema message under the URL for a URL that is not http(s), without asking the server', async () => {
    const { requests } = stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/new');
    await fillAndSubmit('ftp://acme.dev');

    expect(await screen.findByText('Enter a full http:// or https:// URL.')).toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.path === '/api/v1/monitors' && request.method === 'POST')).toBe(
      false,
    );
  });

  it("puts the server's private_target refusal under the URL field", async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () =>
          json({ error: { code: 'private_target', message: 'That address is on a private network.' } }, 422),
      },
    });
    renderApp('/dashboard/monitors/new');
    await fillAndSubmit('http://10.0.0.1/');

    expect(await screen.findByText('That address is on a private network.')).toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the compact Upgrade card when the server answers monitor_limit_reached', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () =>
          json({ error: { code: 'monitor_limit_reached', message: 'Limit reached.' } }, 403),
      },
    });
    renderApp('/dashboard/monitors/new');
    await fillAndSubmit('https://acme.dev');

    expect(await screen.findByText(LIMIT_TEXT)).toBeInTheDocument();
    const card = screen.getByText(LIMIT_TEXT).closest('div')?.parentElement as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  it('shows the Upgrade card instead of the form once the monitors balance is 0', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'POST /api/billing/customers': () => json(makePlanCustomer('free', { monitors: 5 })) },
    });
    renderApp('/dashboard/monitors/new');

    expect(await screen.findByText(LIMIT_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create monitor' })).not.toBeInTheDocument();
  });

  it("puts interval_below_plan_minimum on the interval field and offers only the plan's intervals", async () => {
    const message = 'The Free plan checks at most every 15 minutes.';
    stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () => json({ error: { code: 'interval_below_plan_minimum', message } }, 403),
      },
    });
    renderApp('/dashboard/monitors/new');
    await fillAndSubmit('https://acme.dev');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Check interval')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('option', { name: 'Every 1 min — Pro plan' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Every 15 min' })).toBeEnabled();
    // The interval is a plan limit too: a free user is offered the upgrade under the field.
    expect(screen.getByText('Unlock more powerful monitoring with Pro.')).toBeInTheDocument();
  });

  it('offers second intervals only when the server runs in test mode, and sends them as intervalSeconds', async () => {
    stubServer({ user: TEST_USER });
    const { unmount } = renderApp('/dashboard/monitors/new');
    await screen.findByLabelText('Check interval');
    expect(screen.queryByRole('option', { name: 'Every 5 s' })).toBeNull();
    unmount();

    let sent: unknown;
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/public-config': () =>
          json({ githubSignIn: false, publicUrl: 'https://upwatch.example', testMode: true }),
        'POST /api/v1/monitors': (request) => {
          sent = request.body;
          return json({ error: { code: 'validation_failed', message: 'name: stop here.' } }, 422);
        },
      },
    });
    renderApp('/dashboard/monitors/new');
    const select = await screen.findByLabelText('Check interval');
    await screen.findByRole('option', { name: 'Every 5 s' });
    await userEvent.setup().selectOptions(select, 'Every 5 s');
    await fillAndSubmit('https://acme.dev');
    await waitFor(() => expect(sent).toMatchObject({ intervalSeconds: 5 }));
  });

  it('sends the advanced settings and opens the new monitor', async () => {
    const created = makeMonitor({ id: 'm-9', name: 'Marketing site' });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () => json(created, 201),
        'GET /api/v1/monitors/m-9': () => json(created),
      },
    });
    const { router } = renderApp('/dashboard/monitors/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Advanced/ }));
    await user.selectOptions(screen.getByLabelText('Keyword check'), 'Body contains');
    await user.type(screen.getByLabelText('Keyword'), 'Welcome');
    await user.clear(screen.getByLabelText('Expected status codes'));
    await user.type(screen.getByLabelText('Expected status codes'), '200-299,301');
    await fillAndSubmit('https://acme.dev');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/monitors/m-9'));
    const post = requests.find((request) => request.path === '/api/v1/monitors' && request.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Marketing site',
      url: 'https://acme.dev',
      keyword: { mode: 'contains', value: 'Welcome' },
      expectedStatus: '200-299,301',
      intervalMinutes: 15,
    });
  });

  it('sends the alert channels chosen in the form once the monitor is created', async () => {
    const created = makeMonitor({ id: 'm-9', name: 'Marketing site' });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/alert-channels': () =>
          json({
            channels: [
              { id: 'c-1', kind: 'slack', name: '#ops', target: 'hooks.slack.com', createdAt: 1 },
              { id: 'c-2', kind: 'email', name: 'On call', target: 'oncall@example.com', createdAt: 2 },
            ],
            accountEmail: TEST_USER.email,
          }),
        'POST /api/v1/monitors': () => json(created, 201),
        'PUT /api/v1/monitors/m-9/alert-channels': () =>
          json({ channelIds: ['c-2'], usesAccountEmail: false }),
        'GET /api/v1/monitors/m-9': () => json(created),
      },
    });
    const { router } = renderApp('/dashboard/monitors/new');
    const user = userEvent.setup();
    expect(
      await screen.findByText(`No channel chosen: alerts go to your account email (${TEST_USER.email}).`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /On call/ }));
    expect(screen.getByText('Alerts go only to the channel chosen.')).toBeInTheDocument();
    await fillAndSubmit('https://acme.dev');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/monitors/m-9'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/v1/monitors/m-9/alert-channels');
    expect(put?.body).toEqual({ channelIds: ['c-2'] });
  });

  it('sends no channel choice when none is chosen, so alerts go to the account email', async () => {
    const created = makeMonitor({ id: 'm-9', name: 'Marketing site' });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/alert-channels': () => json({ channels: [], accountEmail: TEST_USER.email }),
        'POST /api/v1/monitors': () => json(created, 201),
        'GET /api/v1/monitors/m-9': () => json(created),
      },
    });
    const { router } = renderApp('/dashboard/monitors/new');
    expect(
      await screen.findByText(`Alerts go to your account email (${TEST_USER.email}).`, { exact: false }),
    ).toBeInTheDocument();
    await fillAndSubmit('https://acme.dev');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/monitors/m-9'));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
