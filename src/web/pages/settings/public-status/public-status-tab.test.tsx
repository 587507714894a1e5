import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StatusPage } from '../../../../core/api/status-pages';
import { makePlanCustomer } from '../../../test/billing';
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

type Handler = (request: RecordedRequest) => Response;

function serve(pages: StatusPage[], extra: Record<string, Handler> = {}) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/status-pages': () => json({ statusPages: pages }),
      'GET /api/v1/monitors': () => json({ monitors, nextCursor: null }),
      ...extra,
    },
  });
}

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

async function openNewForm() {
  const user = userEvent.setup();
  renderApp('/dashboard/settings/groups');
  await user.click(await screen.findByRole('button', { name: 'New status page' }, LOAD));
  return user;
}

describe('public status settings tab', () => {
  it('lists each page with its slug, published badge, state and public link, and copies the link', async () => {
    serve([
      makeStatusPage(),
      makeStatusPage({
        id: 'sp-2',
        name: 'Internal',
        slug: 'internal',
        published: false,
        state: 'major_outage',
      }),
    ]);
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');

    const acme = await screen.findByRole('listitem', { name: 'Acme status' }, LOAD);
    expect(acme).toHaveTextContent('/acme');
    expect(within(acme).getByText('Published')).toBeInTheDocument();
    expect(within(acme).getByText('All systems operational')).toBeInTheDocument();
    expect(within(acme).getByText('2 monitors')).toBeInTheDocument();
    const link = within(acme).getByRole('link', { name: 'https://upwatch.example/status/acme' });
    expect(link).toHaveAttribute('href', 'https://upwatch.example/status/acme');
    expect(link).toHaveAttribute('target', '_blank');

    const internal = screen.getByRole('listitem', { name: 'Internal' });
    expect(within(internal).getByText('Draft — not public until you publish')).toBeInTheDocument();
    expect(within(internal).getByText('Major outage')).toBeInTheDocument();

    await user.click(within(acme).getByRole('button', { name: 'Copy public link of Acme status' }));
    expect(await within(acme).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://upwatch.example/status/acme');
  });

  it('offers a first page when there is none', async () => {
    serve([]);
    renderApp('/dashboard/settings/groups');
    expect(await screen.findByText('No public status pages yet', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New status page' })).toBeInTheDocument();
  });

  it('shows the schema’s messages for bad slugs and reserved words without calling the server', async () => {
    const { requests } = serve([]);
    const user = await openNewForm();
    const slug = screen.getByLabelText('Slug');

    await user.type(screen.getByLabelText('Name'), 'Acme Cloud — API!');
    expect(slug).toHaveValue('acme-cloud-api');

    const cases: [string, string][] = [
      ['ab', 'Slugs need at least 3 characters.'],
      ['Acme Cloud', 'Use lowercase letters, digits and dashes only.'],
      ['api', 'This slug is reserved; choose another.'],
      ['monitor', 'This slug is reserved; choose another.'],
      ['acme.json', 'Slugs may not end in .json, .atom or .svg.'],
    ];
    for (const [value, message] of cases) {
      await user.clear(slug);
      await user.type(slug, value);
      await user.click(screen.getByRole('button', { name: 'Create status page' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(slug).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(screen.getByLabelText('Accent colour'));
    await user.type(screen.getByLabelText('Accent colour'), 'blue');
    await user.click(screen.getByRole('button', { name: 'Create status page' }));
    expect(await screen.findByText('Use a hex colour such as #2563eb.')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/v1/status-pages')).toHaveLength(0);
  });

  it('creates a page with its monitors in the chosen order, their public names, language and the options', async () => {
    const created = makeStatusPage({ name: 'Acme', slug: 'acme' });
    const { requests } = serve([], { 'POST /api/v1/status-pages': () => json(created, 201) });
    const user = await openNewForm();

    expect(screen.getByRole('heading', { name: 'New status page' })).toBeInTheDocument();
    // A new page starts as a draft, and the switch says so.
    expect(screen.getByLabelText('Published')).not.toBeChecked();
    expect(screen.getByLabelText('Published')).toHaveAccessibleDescription(
      'A new page is a draft, not public until you publish it. A published page is at its address for whoever may see it (below); a draft answers Page Not Available.',
    );
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.type(screen.getByLabelText('Description'), 'Live status of Acme.');
    const picker = await screen.findByRole('combobox', { name: 'Monitor to add' }, LOAD);
    await user.selectOptions(picker, 'Marketing site');
    await user.click(screen.getByRole('button', { name: 'Add monitor' }));
    await user.selectOptions(picker, 'Checkout API');
    await user.click(screen.getByRole('button', { name: 'Add monitor' }));
    await user.click(screen.getByRole('button', { name: 'Move Checkout API up' }));
    await user.type(screen.getByLabelText('Public name of Marketing site'), 'Website');
    await user.type(screen.getByLabelText('Logo URL'), 'https://acme.dev/logo.svg');
    await user.type(screen.getByLabelText('Accent colour'), '#2563eb');
    await user.selectOptions(screen.getByLabelText('Language'), 'Deutsch');
    await user.click(screen.getByLabelText('Published'));
    await user.click(screen.getByLabelText('Show response times'));
    await user.click(screen.getByRole('button', { name: 'Create status page' }));

    expect(await screen.findByText('Acme created.')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/v1/status-pages')[0]?.body).toEqual({
      name: 'Acme',
      slug: 'acme',
      description: 'Live status of Acme.',
      monitors: [
        { monitorId: 'm-2', displayName: null },
        { monitorId: 'm-1', displayName: 'Website' },
      ],
      logoUrl: 'https://acme.dev/logo.svg',
      accentColor: '#2563eb',
      published: true,
      showResponseTimes: true,
      removeBranding: false,
      language: 'de',
      sections: [],
      customDomain: null,
      access: 'public',
      headerLinks: [],
      footerText: null,
      faviconUrl: null,
    });
  });

  it('puts the server’s slug_taken answer on the slug field', async () => {
    serve([], {
      'POST /api/v1/status-pages': () =>
        json(
          {
            error: {
              code: 'slug_taken',
              message: 'Another status page already uses this slug; choose another.',
            },
          },
          409,
        ),
    });
    const user = await openNewForm();
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create status page' }));

    expect(
      await screen.findByText('Another status page already uses this slug; choose another.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(
      /^Another status page already uses this slug; choose another\./,
    );
  });

  it('keeps Remove branding off with an upgrade hint on the free plan', async () => {
    serve([]);
    await openNewForm();
    expect(screen.getByLabelText('Remove branding')).toBeDisabled();
    expect(
      screen.getByText(/Removing “Powered by Upwatch” needs the Starter plan or higher\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/dashboard/settings/billing',
    );
  });

  it('puts a refused removeBranding on its checkbox, which a downgraded page can still clear', async () => {
    const page = makeStatusPage({ removeBranding: true });
    const { requests } = serve([page], {
      'PATCH /api/v1/status-pages/sp-1': (request) =>
        (request.body as { removeBranding: boolean }).removeBranding
          ? json(
              {
                error: {
                  code: 'feature_not_in_plan',
                  message: 'Remove branding requires the Starter plan or higher.',
                },
              },
              403,
            )
          : json({ ...page, removeBranding: false }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');

    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }, LOAD));
    const branding = screen.getByLabelText('Remove branding');
    expect(branding).toBeChecked();
    expect(branding).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Remove branding requires the Starter plan or higher.'),
    ).toBeInTheDocument();
    expect(branding).toHaveAccessibleDescription('Remove branding requires the Starter plan or higher.');

    await user.click(branding);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Acme status saved.')).toBeInTheDocument();
    expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1').map((request) => request.body)).toMatchObject(
      [{ removeBranding: true }, { removeBranding: false }],
    );
  });

  it('lets a Starter customer remove the branding', async () => {
    const { requests } = serve([], {
      'POST /api/billing/customers': () => json(makePlanCustomer('starter')),
      'POST /api/v1/status-pages': () => json(makeStatusPage({ removeBranding: true }), 201),
    });
    const user = await openNewForm();
    const branding = screen.getByLabelText('Remove branding');
    await waitFor(() => expect(branding).toBeEnabled());
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await user.click(branding);
    await user.click(screen.getByRole('button', { name: 'Create status page' }));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/v1/status-pages')[0]?.body).toMatchObject({ removeBranding: true }),
    );
  });

  it('marks a page upwatch.yaml manages and warns before it can be edited', async () => {
    serve([makeStatusPage({ managedKey: 'public' })]);
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');

    const row = await screen.findByRole('listitem', { name: 'Acme status' }, LOAD);
    expect(within(row).getByTitle(/^Key "public" in upwatch\.yaml/)).toHaveTextContent(
      'Managed by upwatch.yaml',
    );
    await user.click(within(row).getByRole('button', { name: 'Edit Acme status' }));
    const notice = screen.getByRole('region', { name: 'Managed by upwatch.yaml' });
    expect(notice).toHaveTextContent('This status page is statusPages.public in an upwatch.yaml file.');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete status page' })).toBeNull();
    // The warning offers the way back to the list, too.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }));

    await user.click(screen.getByRole('button', { name: 'Edit here anyway' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Acme status');
    expect(screen.getByRole('region', { name: 'Managed by upwatch.yaml' })).toBeInTheDocument();
  });

  it('edits a page without touching its slug, and deletes it after confirmation', async () => {
    const page = makeStatusPage();
    const { requests } = serve([page], {
      'PATCH /api/v1/status-pages/sp-1': () => json({ ...page, name: 'Acme Cloud' }),
      'DELETE /api/v1/status-pages/sp-1': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/groups');

    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }, LOAD));
    expect(screen.getByRole('heading', { name: 'Edit Acme status' })).toBeInTheDocument();
    expect(screen.getByLabelText('Public name of Marketing site')).toHaveValue('Website');
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Acme Cloud');
    expect(screen.getByLabelText('Slug')).toHaveValue('acme');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Acme Cloud saved.')).toBeInTheDocument();
    expect(sent(requests, 'PATCH', '/api/v1/status-pages/sp-1')[0]?.body).toMatchObject({
      name: 'Acme Cloud',
      slug: 'acme',
      monitors: [
        { monitorId: 'm-1', displayName: 'Website' },
        { monitorId: 'm-2', displayName: null },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Acme status' }));
    await user.click(screen.getByRole('button', { name: 'Delete status page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme status?' });
    expect(dialog).toHaveTextContent('Visitors of /status/acme will see Page Not Available.');
    expect(sent(requests, 'DELETE', '/api/v1/status-pages/sp-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete status page' }));
    expect(await screen.findByText('Acme status was deleted.')).toBeInTheDocument();
    expect(sent(requests, 'DELETE', '/api/v1/status-pages/sp-1')).toHaveLength(1);
  });
});
