import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChannelDetail, ChannelList, OutboxMail } from '../../../../core/api/alerts';
import { makeBillingProduct, makePlanCustomer } from '../../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slack: ChannelDetail = {
  id: 'c-1',
  kind: 'slack',
  name: '#ops',
  target: 'hooks.slack.com',
  createdAt: 1,
  settings: {},
  secretsSet: ['url'],
};
const mail: OutboxMail = {
  id: 'o-1',
  to: TEST_USER.email,
  subject: '[Down] api.example.com — 503 Service Unavailable',
  html: '<h1>api.example.com is down.</h1><script>alert(1)</script>',
  text: 'api.example.com is down.',
  createdAt: Date.UTC(2026, 0, 5, 9),
};

function routes(
  channels: ChannelDetail[],
  extra: Record<string, (request: RecordedRequest) => Response> = {},
) {
  const list: ChannelList = { channels, accountEmail: TEST_USER.email };
  return {
    'GET /api/v1/alert-channels': () => json(list),
    'GET /api/v1/alert-deliveries': () =>
      json({
        deliveries: [
          {
            id: 'd-1',
            kind: 'monitor.down',
            status: 'pending',
            attempts: 2,
            lastError: 'The receiver answered HTTP 500',
            nextAttemptAt: 2,
            createdAt: 1,
            sentAt: null,
            monitor: { id: 'm-1', name: 'api.example.com' },
            incidentId: null,
            channel: { id: 'c-1', kind: 'slack', name: '#ops' },
          },
        ],
      }),
    'GET /api/v1/outbox': () => json({ mails: [mail] }),
    ...extra,
  };
}

describe('notifications settings tab', () => {
  it('lists the account email and the channels, the delivery log and the outbox in a sandboxed frame', async () => {
    stubServer({ user: TEST_USER, routes: routes([slack]) });
    renderApp('/dashboard/settings/notifications');

    expect(await screen.findByText('Account email')).toBeInTheDocument();
    expect(screen.getByText('#ops')).toBeInTheDocument();
    expect(await screen.findByText('The receiver answered HTTP 500')).toBeInTheDocument();
    expect(screen.getByText('Retrying')).toBeInTheDocument();
    const frame = await screen.findByTitle(`Mail: ${mail.subject}`);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', mail.html);
  });

  it('adds a Slack channel with the same schema the server uses', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([], { 'POST /api/v1/alert-channels': () => json(slack, 201) }),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Kind'), 'slack');
    await user.type(screen.getByLabelText('Name'), '#ops');
    await user.type(screen.getByLabelText('Webhook URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a full http:// or https:// URL.');
    expect(
      requests.some((request) => request.path === '/api/v1/alert-channels' && request.method === 'POST'),
    ).toBe(false);

    await user.clear(screen.getByLabelText('Webhook URL'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.slack.com/services/T/B/X');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Slack channel “#ops” added.')).toBeInTheDocument();
    expect(
      requests.find((request) => request.path === '/api/v1/alert-channels' && request.method === 'POST')
        ?.body,
    ).toEqual({
      kind: 'slack',
      name: '#ops',
      config: { url: 'https://hooks.slack.com/services/T/B/X' },
    });
  });

  it('adds an ntfy channel with its server, topic, priority and token', async () => {
    const ntfy: ChannelDetail = {
      id: 'c-2',
      kind: 'ntfy',
      name: 'Phones',
      target: 'ntfy.sh/ops',
      createdAt: 1,
      settings: { url: 'https://ntfy.sh', topic: 'ops', priority: 5 },
      secretsSet: ['token'],
    };
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([], { 'POST /api/v1/alert-channels': () => json(ntfy, 201) }),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Kind'), 'ntfy');
    expect(screen.getByLabelText('Server URL')).toHaveValue('https://ntfy.sh');
    await user.type(screen.getByLabelText('Name'), 'Phones');
    await user.type(screen.getByLabelText('Topic'), 'ops');
    await user.selectOptions(screen.getByLabelText('Priority of down alerts'), '5');
    await user.type(screen.getByLabelText('Access token (optional)'), 'tk_abc');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('ntfy channel “Phones” added.')).toBeInTheDocument();
    expect(
      requests.find((request) => request.path === '/api/v1/alert-channels' && request.method === 'POST')
        ?.body,
    ).toEqual({
      kind: 'ntfy',
      name: 'Phones',
      config: { url: 'https://ntfy.sh', topic: 'ops', priority: 5, token: 'tk_abc' },
    });
  });

  it('opens the Pro paywall when a free user picks Webhook, and keeps the kind as it was', async () => {
    const pro = makeBillingProduct({
      id: 'pro',
      name: 'Pro',
      items: [
        {
          type: 'price',
          price: 39,
          interval: 'month',
          display: { primary_text: '$39', secondary_text: 'per month' },
        },
      ],
    });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([], {
        'POST /api/billing/check': () =>
          json({
            allowed: false,
            customer_id: TEST_USER.id,
            feature_id: 'webhooks',
            preview: {
              scenario: 'feature_flag',
              title: 'Upgrade to Pro',
              message: 'Webhooks is not available on your current plan. Upgrade to Pro to use Webhooks.',
              feature_id: 'webhooks',
              feature_name: 'Webhooks',
              products: [pro],
              upgrade_product_id: 'pro',
            },
          }),
      }),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();
    const kind = await screen.findByLabelText('Kind');
    const webhook = within(kind).getByRole('option', { name: 'Webhook (Pro plan)' });
    // Choosable once the free customer is known; choosing it asks for the paywall instead.
    await waitFor(() => expect(webhook).toBeEnabled());

    await user.selectOptions(kind, 'webhook');
    const paywall = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(paywall).toHaveTextContent(
      'Webhooks is not available on your current plan. Upgrade to Pro to use Webhooks.',
    );
    expect(paywall).toHaveTextContent('Pro$39 per month');
    expect(within(paywall).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
    expect(requests.find((request) => request.path === '/api/billing/check')?.body).toMatchObject({
      feature_id: 'webhooks',
      with_preview: true,
    });
    expect(kind).toHaveValue('email');
    expect(screen.queryByLabelText('Signing secret (optional)')).toBeNull();
  });

  it('lets a Pro user pick Webhook with no paywall', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([], {
        'POST /api/billing/customers': () => json(makePlanCustomer('pro')),
      }),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();
    const kind = await screen.findByLabelText('Kind');
    await waitFor(() => expect(within(kind).getByRole('option', { name: 'Webhook' })).toBeEnabled());

    await user.selectOptions(kind, 'webhook');
    expect(kind).toHaveValue('webhook');
    expect(screen.getByLabelText('Signing secret (optional)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.path === '/api/billing/check')).toBe(false);
  });

  it('sends a test alert and says how it went', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([slack], {
        'POST /api/v1/alert-channels/c-1/test': () =>
          json({ ok: false, error: 'The receiver answered HTTP 404' }),
        'POST /api/v1/alert-channels/account-email/test': () => json({ ok: true, error: null }),
      }),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send test alert to #ops' }));
    expect(
      await screen.findByText('Test alert to #ops failed: The receiver answered HTTP 404'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test alert to Account email' }));
    expect(await screen.findByText('Test alert sent to Account email.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith('/test'))).toHaveLength(2);
  });

  it('deletes a channel', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: routes([slack], {
        'DELETE /api/v1/alert-channels/c-1': () => new Response(null, { status: 204 }),
      }),
    });
    renderApp('/dashboard/settings/notifications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete #ops' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('#ops deleted.')).toBeInTheDocument();
  });
});
