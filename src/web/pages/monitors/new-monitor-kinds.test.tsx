import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { makeHeartbeatMonitor, makeTcpMonitor } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

function posts(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/monitors');
}

async function pick(kind: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: kind }));
  return user;
}

describe('new monitor kinds', () => {
  it('starts with a kind picker, HTTP chosen, and shows the chosen kind’s fields', async () => {
    stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/new');

    const http = await screen.findByRole('radio', { name: 'HTTP(S) website or API' });
    expect(http).toBeChecked();
    expect(screen.getByRole('radio', { name: 'TCP port' })).toHaveAccessibleDescription(
      'A host accepts connections on a port, optionally over TLS and answering as expected.',
    );
    expect(screen.getByRole('radio', { name: 'DNS record' })).not.toBeChecked();
    expect(screen.getByLabelText('URL')).toBeInTheDocument();

    await pick(/TCP port/);
    expect(screen.queryByLabelText('URL')).toBeNull();
    expect(screen.getByLabelText('Host')).toBeInTheDocument();
    expect(screen.getByLabelText('Port')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Advanced/ })).toHaveTextContent(
      'Text to send and to expect, timeout, degraded threshold.',
    );
    // The shared fields stay.
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Check interval')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain expiry warnings')).toBeChecked();

    await pick(/DNS record/);
    expect(screen.getByLabelText('Hostname')).toBeInTheDocument();
    expect(screen.getByLabelText('Record type')).toHaveValue('A');

    // A heartbeat is due by its own schedule, watches no host and times nothing.
    await pick(/Heartbeat/);
    expect(screen.getByLabelText('Period (minutes)')).toHaveValue(60);
    expect(screen.queryByLabelText('Check interval')).toBeNull();
    expect(screen.queryByLabelText('Domain expiry warnings')).toBeNull();
    expect(screen.queryByRole('button', { name: /Advanced/ })).toBeNull();
  });

  it('keeps what was typed for a kind when switching away and back', async () => {
    stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/new');
    const user = await pick(/TCP port/);
    await user.type(screen.getByLabelText('Host'), 'db.acme.dev');
    await pick(/HTTP\(S\)/);
    await pick(/TCP port/);
    expect(screen.getByLabelText('Host')).toHaveValue('db.acme.dev');
  });

  it("shows the schema's TCP messages when focus leaves a field and on submit, without asking the server", async () => {
    const { requests } = stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/new');
    const user = await pick(/TCP port/);
    await user.type(screen.getByLabelText('Port'), '70000');
    await user.tab();
    expect(await screen.findByText('Ports run from 1 to 65535.')).toBeInTheDocument();
    expect(screen.getByLabelText('Port')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Name'), 'Database');
    await user.type(screen.getByLabelText('Host'), 'https://db.acme.dev');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(
      await screen.findByText(
        'Enter a host name or IP address only, without a scheme, path, port or brackets.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Host')).toHaveFocus();
    expect(posts(requests)).toHaveLength(0);
  });

  it('sends a TCP monitor with its kind, host, port, TLS and probe text', async () => {
    const created = makeTcpMonitor({ id: 'm-9' });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () => json(created, 201),
        'GET /api/v1/monitors/m-9': () => json(created),
      },
    });
    const { router } = renderApp('/dashboard/monitors/new');
    const user = await pick(/TCP port/);
    await user.type(screen.getByLabelText('Name'), 'Database');
    await user.type(screen.getByLabelText('Host'), 'db.acme.dev');
    await user.type(screen.getByLabelText('Port'), '5432');
    await user.click(screen.getByLabelText('Connect over TLS'));
    await user.click(screen.getByRole('button', { name: /Advanced/ }));
    await user.type(screen.getByLabelText('Expect in the answer'), 'ready');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/monitors/m-9'));
    const body = posts(requests)[0]?.body;
    expect(body).toEqual({
      kind: 'tcp',
      name: 'Database',
      host: 'db.acme.dev',
      port: 5432,
      tls: true,
      send: null,
      expect: 'ready',
      timeoutSeconds: 30,
      degradedAboveMs: null,
      intervalMinutes: 15,
      paused: false,
      public: false,
      domainExpiry: true,
    });
  });

  it('says a new heartbeat waits for its first ping, not that it is being checked', async () => {
    const created = makeHeartbeatMonitor({ id: 'm-9' });
    stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () => json(created, 201),
        'GET /api/v1/monitors/m-9': () => json(created),
        'GET /api/v1/monitors/m-9/results': () => json({ results: [], nextCursor: null }),
        'GET /api/v1/monitors/m-9/pings': () => json({ pings: [] }),
      },
    });
    renderApp('/dashboard/monitors/new');
    const user = await pick(/Heartbeat/);
    await user.type(screen.getByLabelText('Name'), 'Nightly backup');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));

    expect(await screen.findByText('Nightly backup is waiting for its first ping.')).toBeInTheDocument();
    expect(screen.queryByText('Nightly backup is being checked.')).toBeNull();
  });

  it('asks for expected values once a DNS match needs them, and checks the resolver', async () => {
    const { requests } = stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/new');
    const user = await pick(/DNS record/);
    await user.type(screen.getByLabelText('Name'), 'Apex');
    await user.type(screen.getByLabelText('Hostname'), 'acme.dev');
    await user.type(screen.getByLabelText('Resolver'), 'dns.google');
    await user.selectOptions(screen.getByLabelText('Passes when the answer holds'), 'Every expected value');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));

    expect(await screen.findByText('Enter at least one expected value.')).toBeInTheDocument();
    expect(screen.getByLabelText('Expected values')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Enter the resolver as an IP address, e.g. 1.1.1.1 or 1.1.1.1:53.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('sends a DNS monitor with one expected value per line, and puts private_target on the resolver', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () =>
          json({ error: { code: 'private_target', message: 'That address is on a private network.' } }, 422),
      },
    });
    renderApp('/dashboard/monitors/new');
    const user = await pick(/DNS record/);
    await user.type(screen.getByLabelText('Name'), 'Mail');
    await user.type(screen.getByLabelText('Hostname'), 'acme.dev');
    await user.selectOptions(screen.getByLabelText('Record type'), 'MX');
    await user.type(screen.getByLabelText('Resolver'), '10.0.0.53');
    await user.selectOptions(
      screen.getByLabelText('Passes when the answer holds'),
      'At least one expected value',
    );
    await user.type(screen.getByLabelText('Expected values'), '10 mx1.acme.dev{Enter} {Enter}mx2.acme.dev');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));

    expect(await screen.findByText('That address is on a private network.')).toBeInTheDocument();
    expect(screen.getByLabelText('Resolver')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)[0]?.body).toMatchObject({
      kind: 'dns',
      hostname: 'acme.dev',
      recordType: 'MX',
      resolver: '10.0.0.53',
      match: 'any',
      expected: ['10 mx1.acme.dev', 'mx2.acme.dev'],
    });
  });

  it("puts a validation_failed answer on the kind's field it names", async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () =>
          json({ error: { code: 'validation_failed', message: 'hostname: No such zone here.' } }, 422),
      },
    });
    renderApp('/dashboard/monitors/new');
    const user = await pick(/DNS record/);
    await user.type(screen.getByLabelText('Name'), 'Apex');
    await user.type(screen.getByLabelText('Hostname'), 'acme.dev');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(await screen.findByText('No such zone here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Hostname')).toHaveAttribute('aria-invalid', 'true');
  });
});
