import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '../../../../core/api/api-keys';
import type { PlanId } from '../../../../core/plans';
import { makePlanCustomer } from '../../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const LOAD = { timeout: 10_000 };
const DAY = 86_400_000;
const FULL_KEY = 'uw_live_Ab3xQ9mN2pR7sT4vW8yZ1cD5fG6hJ0kL3nP7qS2';
const ci: ApiKey = {
  id: 'k-1',
  name: 'CI',
  role: 'member',
  createdBy: 'Ada Lovelace',
  owner: { userId: 'user-1', name: 'Ada Lovelace' },
  ownerKey: false,
  prefix: 'uw_live_Ab3x',
  createdAt: Date.UTC(2026, 0, 5, 9),
  lastUsedAt: null,
  expiresAt: null,
};

/** A slice of the generated document, in the shape @hono/zod-openapi writes it. */
const DOCUMENT = {
  openapi: '3.1.0',
  paths: {
    '/monitors': {
      get: {
        tags: ['Monitors'],
        summary: 'List monitors',
        parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer' } }],
        responses: {
          200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/MonitorList' } } } },
        },
      },
      post: {
        tags: ['Monitors'],
        summary: 'Create a monitor',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/MonitorInput' } } },
        },
        responses: {
          201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Monitor' } } } },
          400: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/api-keys/{id}': {
      delete: {
        tags: ['API keys'],
        summary: 'Revoke an API key',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 204: { description: 'Revoked' } },
      },
    },
  },
  components: {
    schemas: {
      MonitorInput: {
        type: 'object',
        properties: {
          name: { type: 'string', example: 'Shop' },
          url: { type: 'string', example: 'https://shop.example.com' },
          method: { type: 'string', enum: ['GET', 'POST'] },
        },
        required: ['name', 'url'],
      },
    },
  },
};

function onPlan(
  plan: PlanId,
  keys: () => ApiKey[],
  extra: Record<string, (r: RecordedRequest) => Response> = {},
) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer(plan)),
      'GET /api/v1/api-keys': () => json({ keys: keys() }),
      'GET /api/v1/openapi.json': () => json(DOCUMENT),
      ...extra,
    },
  });
}

async function rowOf(prefix: string): Promise<HTMLElement> {
  return (await screen.findByRole('cell', { name: `${prefix}…` }, LOAD)).closest('tr') as HTMLElement;
}

/** Matches a <pre> by its exact text, line breaks included (getByText would collapse them). */
function exactly(text: string) {
  return (_: string, element: Element | null) => element?.tagName === 'PRE' && element.textContent === text;
}

describe('API Documentation settings tab', () => {
  it('creates a key and shows it in full once, with a copy button, then lists only its prefix', async () => {
    let keys: ApiKey[] = [];
    const created: CreatedApiKey = { ...ci, key: FULL_KEY, expiresAt: Date.now() + 30 * DAY };
    const { requests } = onPlan('pro', () => keys, {
      'POST /api/v1/api-keys': () => {
        keys = [{ ...ci, expiresAt: created.expiresAt }];
        return json(created, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/api');

    expect(await screen.findByText('No API keys yet', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the key a name.');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/api-keys')).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'CI');
    await user.selectOptions(screen.getByLabelText('Expires'), 'In 30 days');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'API key “CI” created' });
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/api-keys')?.body as {
      name: string;
      expiresAt: number;
    };
    expect(sent.name).toBe('CI');
    expect(sent.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(sent.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(within(dialog).getByText(FULL_KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/You won't see it again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy API key' }));
    expect(await within(dialog).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FULL_KEY);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(FULL_KEY)).not.toBeInTheDocument();
    const row = await rowOf('uw_live_Ab3x');
    expect(within(row).getByText('CI')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('lists keys with last use and expiry, and revokes one only after confirming', async () => {
    let keys: ApiKey[] = [
      { ...ci, lastUsedAt: Date.UTC(2026, 0, 6, 14, 30) },
      {
        ...ci,
        id: 'k-2',
        name: 'Deploy bot',
        prefix: 'uw_live_Zz9y',
        expiresAt: Date.UTC(2020, 0, 1),
        owner: { userId: 'user-2', name: 'Grace Hopper' },
      },
    ];
    const { requests } = onPlan('pro', () => keys, {
      'DELETE /api/v1/api-keys/k-1': () => {
        keys = keys.filter((key) => key.id !== 'k-1');
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/api');

    const ciRow = await rowOf('uw_live_Ab3x');
    expect(within(ciRow).getByText('Jan 6, 2026, 2:30 PM')).toBeInTheDocument();
    // Each key names the person it acts as, in its own column.
    expect(screen.getByRole('columnheader', { name: 'Owner' })).toBeInTheDocument();
    expect(within(ciRow).getByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const botRow = await rowOf('uw_live_Zz9y');
    expect(within(botRow).getByText('Expired Jan 1, 2020')).toBeInTheDocument();
    expect(within(botRow).getByRole('cell', { name: 'Grace Hopper' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke CI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “CI”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke CI' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke “CI”?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await screen.findByText('API key “CI” revoked.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'uw_live_Ab3x…' })).not.toBeInTheDocument(),
    );
    expect(await rowOf('uw_live_Zz9y')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/v1/api-keys/k-1',
    ]);
  });

  it("lets an admin revoke a colleague's key but not the owner's own, saying why", async () => {
    const keys: ApiKey[] = [
      { ...ci, owner: { userId: 'user-2', name: 'Grace Hopper' } },
      { ...ci, id: 'k-2', name: 'Owner bot', prefix: 'uw_live_Ow9n', ownerKey: true },
    ];
    onPlan('pro', () => keys, {
      'GET /api/v1/workspaces': () =>
        json({ workspaces: [{ id: 'team-1', name: 'Acme', role: 'admin', active: true }] }),
    });
    renderApp('/dashboard/settings/api');

    const ownerRow = await rowOf('uw_live_Ow9n');
    const locked = within(ownerRow).getByRole('button', { name: 'Revoke Owner bot' });
    await waitFor(() => expect(locked).toBeDisabled());
    expect(locked).toHaveAccessibleDescription("Only the workspace's owner can change this.");
    expect(within(await rowOf('uw_live_Ab3x')).getByRole('button', { name: 'Revoke CI' })).toBeEnabled();
  });

  it('renders the API reference by tag with curl examples using PUBLIC_URL and the key prefix', async () => {
    onPlan('pro', () => [ci]);
    const user = userEvent.setup();
    renderApp('/dashboard/settings/api');

    const monitors = await screen.findByRole('region', { name: 'Monitors' }, LOAD);
    expect(within(monitors).getByText('List monitors')).toBeInTheDocument();
    expect(within(monitors).getByText('limit (query, integer)')).toBeInTheDocument();
    expect(within(monitors).getByText('200 MonitorList')).toBeInTheDocument();
    expect(within(monitors).getByText('MonitorInput')).toBeInTheDocument();
    expect(within(monitors).getByText('201 Monitor · 400 Error')).toBeInTheDocument();
    const keysGroup = screen.getByRole('region', { name: 'API keys' });
    expect(within(keysGroup).getByText('/api-keys/{id}')).toBeInTheDocument();

    const list =
      'curl -X GET "https://upwatch.example/api/v1/monitors" \\\n  -H "Authorization: Bearer uw_live_Ab3x…"';
    expect(screen.getByText(exactly(list))).toBeInTheDocument();
    const create = [
      'curl -X POST "https://upwatch.example/api/v1/monitors" \\',
      '  -H "Authorization: Bearer uw_live_Ab3x…" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"name":"Shop","url":"https://shop.example.com"}'`,
    ].join('\n');
    expect(screen.getByText(exactly(create))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy curl for POST /monitors' }));
    expect(await navigator.clipboard.readText()).toBe(create);
  });

  it('shows the monitoring-as-code workflow: plan on pull requests, apply on main, at PUBLIC_URL', async () => {
    onPlan('pro', () => [ci]);
    const user = userEvent.setup();
    renderApp('/dashboard/settings/api');

    const card = await screen.findByRole('region', { name: 'Monitoring as code workflow' }, LOAD);
    expect(card).toHaveTextContent('https://upwatch.example/api/v1/config/schema.json');
    const workflow = within(card).getByText(/name: upwatch/).textContent ?? '';
    expect(workflow).toContain('UPWATCH_URL: https://upwatch.example\n');
    expect(workflow).toMatch(/pull_request:[\s\S]*push:\n {4}branches: \[main\]/);
    expect(workflow).toContain(
      [
        "- if: github.event_name == 'pull_request'",
        '        # A viewer key is enough to plan, and it cannot change anything.',
        '        env:',
        '          UPWATCH_API_KEY: ${{ secrets.UPWATCH_PLAN_KEY }}',
        '        run: upwatch plan -f upwatch.yaml',
      ].join('\n'),
    );
    expect(workflow).toContain(
      "- if: github.event_name == 'push'\n        run: upwatch apply -f upwatch.yaml",
    );
    await user.click(within(card).getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).toBe(workflow);
  });

  it('shows Feature Unavailable on Starter and asks for no keys', async () => {
    const { requests } = onPlan('starter', () => [ci]);
    renderApp('/dashboard/settings/api');
    expect(await screen.findByRole('heading', { name: 'Feature Unavailable' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('API access and deployment monitoring')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/api-keys')).toBe(false);
  });
});
