import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomDomainState } from '../../../../core/api/status-page-extras';
import type { StatusPage } from '../../../../core/api/status-pages';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';
import { makeStatusPage } from '../../../test/status-pages';

const LOAD = { timeout: 10_000 };
type Handler = (request: RecordedRequest) => Response;

function serve(pages: () => StatusPage[], extra: Record<string, Handler> = {}) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/status-pages': () => json({ statusPages: pages() }),
      'GET /api/v1/monitors': () => json({ monitors: [makeMonitor({ id: 'm-1' })], nextCursor: null }),
      ...extra,
    },
  });
}

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

async function edit(name = 'Acme status') {
  const user = userEvent.setup();
  renderApp('/dashboard/settings/groups');
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }, LOAD));
  return user;
}

const DOMAIN: CustomDomainState = {
  hostname: 'status.acme.dev',
  verified: false,
  verifiedAt: null,
  checkedAt: null,
  checkError: null,
  records: {
    cname: { name: 'status.acme.dev', value: 'upwatch.example' },
    txt: { name: '_upwatch-challenge.status.acme.dev', value: 'upwatch-verification=0123abcd' },
  },
};

describe('who can see a status page', () => {
  it('keeps a stored page password unless a new one is typed', async () => {
    const page = makeStatusPage({ access: 'password', hasPassword: true });
    const { requests } = serve(() => [page], {
      'PATCH /api/v1/status-pages/sp-1': () => json(page),
      'POST /api/v1/status-pages': () => json(page, 201),
    });
    const user = await edit();
    expect(screen.getByRole('radio', { name: /^Password/ })).toBeChecked();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')).toHaveLength(1));
    const kept = sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')[0]?.body as Record<string, unknown>;
    expect(kept.access).toBe('password');
    expect(kept).not.toHaveProperty('password');

    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }));
    await user.type(screen.getByLabelText('New password'), 'a fresh secret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')).toHaveLength(2));
    expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')[1]?.body).toMatchObject({
      access: 'password',
      password: 'a fresh secret',
    });
  });

  it('refuses a new password page without a password, without calling the server', async () => {
    const { requests } = serve(() => []);
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');
    await user.click(await screen.findByRole('button', { name: 'New status page' }, LOAD));
    await user.type(screen.getByLabelText('Name'), 'Internal');
    await user.click(screen.getByRole('radio', { name: /^Members of this workspace/ }));
    expect(screen.queryByLabelText('Page password')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^Password/ }));
    await user.click(screen.getByRole('button', { name: 'Create status page' }));
    expect(await screen.findByText('Set a password for a password-protected page.')).toBeInTheDocument();
    expect(screen.getByLabelText('Page password')).toHaveFocus();
    expect(sent(requests, 'POST', '/api/v1/status-pages')).toHaveLength(0);
  });
});

describe('a custom domain in the settings', () => {
  it('shows the records to create, the last check’s reason, and verifies on request', async () => {
    let current = makeStatusPage({
      customDomain: { ...DOMAIN, checkedAt: Date.UTC(2025, 2, 3, 11), checkError: 'No TXT record yet.' },
    });
    const verified = makeStatusPage({
      customDomain: { ...DOMAIN, verified: true, verifiedAt: Date.UTC(2025, 2, 3, 12), checkError: null },
    });
    const { requests } = serve(() => [current], {
      'POST /api/v1/status-pages/sp-1/custom-domain/verify': () => {
        current = verified;
        return json(verified);
      },
    });
    const user = await edit();
    expect(screen.getByLabelText('Domain')).toHaveValue('status.acme.dev');
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No TXT record yet.');
    const cname = screen.getByRole('region', { name: 'CNAME record' });
    expect(cname).toHaveTextContent('status.acme.dev');
    expect(cname).toHaveTextContent('Points to');
    expect(cname).toHaveTextContent('upwatch.example');
    const txt = screen.getByRole('region', { name: 'TXT record' });
    expect(txt).toHaveTextContent('_upwatch-challenge.status.acme.dev');
    expect(txt).toHaveTextContent('upwatch-verification=0123abcd');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('status.acme.dev is verified.')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/v1/status-pages/sp-1/custom-domain/verify')).toHaveLength(1);
    expect(await screen.findByText('Verified: status.acme.dev serves this page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('says when a claim lapsed unverified, and drops its records once the page reloads', async () => {
    let current = makeStatusPage({ customDomain: DOMAIN });
    const lapsed =
      'The claim on status.acme.dev lapsed: it was not verified within 7 days. Set the domain again to get a new TXT record.';
    serve(() => [current], {
      'POST /api/v1/status-pages/sp-1/custom-domain/verify': () => {
        current = makeStatusPage({ customDomain: null });
        return json({ error: { code: 'domain_claim_expired', message: lapsed } }, 409);
      },
    });
    const user = await edit();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'TXT record' })).toBeNull());
    // The records and their inline error are gone; the toast still tells why.
    expect(await screen.findByText(lapsed)).toBeInTheDocument();
  });

  it('puts domain_taken on the hostname field, and asks to save before showing records', async () => {
    serve(() => [makeStatusPage()], {
      'PATCH /api/v1/status-pages/sp-1': () =>
        json(
          { error: { code: 'domain_taken', message: 'Another status page already uses this domain.' } },
          409,
        ),
    });
    const user = await edit();
    await user.type(screen.getByLabelText('Domain'), 'status.acme.dev');
    expect(screen.getByText('Save the page to see the DNS records to create.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Another status page already uses this domain.')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('appearance and embedding', () => {
  it('sends header links, a footer line and a favicon', async () => {
    const page = makeStatusPage();
    const { requests } = serve(() => [page], { 'PATCH /api/v1/status-pages/sp-1': () => json(page) });
    const user = await edit();
    await user.type(screen.getByLabelText('Favicon URL'), 'https://acme.dev/favicon.png');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(screen.getByLabelText('Label of link 1'), 'Support');
    await user.type(screen.getByLabelText('Address of link 1'), 'https://acme.dev/support');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.click(screen.getByRole('button', { name: 'Remove link 2' }));
    await user.type(screen.getByLabelText('Footer line'), '© Acme Inc.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')).toHaveLength(1));
    expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')[0]?.body).toMatchObject({
      headerLinks: [{ label: 'Support', url: 'https://acme.dev/support' }],
      footerText: '© Acme Inc.',
      faviconUrl: 'https://acme.dev/favicon.png',
    });
  });

  it('offers the widget and the compact view of a public page, and neither for a private one', async () => {
    serve(() => [
      makeStatusPage(),
      makeStatusPage({ id: 'sp-2', name: 'Ops', slug: 'ops', access: 'members' }),
    ]);
    const user = await edit();
    const pill = screen.getByRole('region', { name: 'Status pill' });
    expect(pill).toHaveTextContent(
      '<script src="https://upwatch.example/status/acme/widget.js" defer></script>',
    );
    expect(screen.getByRole('region', { name: 'Compact view' })).toHaveTextContent(
      '<iframe src="https://upwatch.example/status/acme/embed" title="Acme status status"',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ops = await screen.findByRole('listitem', { name: 'Ops' });
    expect(within(ops).getByText('Members only')).toBeInTheDocument();
    await user.click(within(ops).getByRole('button', { name: 'Edit Ops' }));
    expect(
      screen.getByText('Private pages have no widget or embed: they would show the state to anyone.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Status pill' })).toBeNull();
  });
});
