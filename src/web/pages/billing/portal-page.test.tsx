import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BillingCustomer } from '../../billing/types';
import { makeCheckout, makeCustomer, makeCustomerProduct, makeInvoice } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const MARCH_10 = Date.UTC(2025, 2, 10, 9, 0, 0);
const APRIL_3 = Date.UTC(2025, 3, 3, 12, 0, 0);

/** A server whose customer the test can change, as a cancel or a renewal would. */
function portalServer(initial: BillingCustomer, routes = {}) {
  let customer = initial;
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(customer),
      ...routes,
    },
  });
  return { ...server, setCustomer: (next: BillingCustomer) => (customer = next) };
}

describe('billing portal', () => {
  it('shows the plan, the card on file and the invoices', async () => {
    const { requests } = portalServer(
      makeCustomer({
        invoices: [
          makeInvoice(),
          makeInvoice({
            id: 'inv_0195b1c2d3e47f80a1b2c3d4e5f60999',
            reason: 'upgrade',
            total: 20,
            lines: [
              { description: 'Unused Starter (from Mar 10, 2025)', amount: -13.33 },
              { description: 'Pro (from Mar 10, 2025)', amount: 33.33 },
            ],
            created_at: MARCH_10,
          }),
        ],
      }),
    );
    renderApp('/billing/portal');

    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Renews on Apr 3, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Added on Mar 3, 2025')).toBeInTheDocument();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Mar 10, 2025');
    expect(rows[1]).toHaveTextContent('Unused Starter (from Mar 10, 2025) and 1 more');
    expect(rows[1]).toHaveTextContent('$20.00');
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[2]).toHaveTextContent('Mar 3, 2025');
    expect(rows[2]).toHaveTextContent('Pro plan');
    expect(rows[2]).toHaveTextContent('$39.00');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/billing/invoices/inv_0195b1c2d3e47f80a1b2c3d4e5f60718',
    );
    expect(requests.find((request) => request.path === '/api/billing/customers')?.body).toEqual({
      error_on_not_found: false,
      expand: ['invoices', 'payment_method'],
      customer_data: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
  });

  it('cancels at the end of the cycle after confirming, then offers Renew', async () => {
    const { requests, setCustomer } = portalServer(makeCustomer(), {
      'POST /api/billing/cancel': () => {
        setCustomer(makeCustomer({ products: [makeCustomerProduct({ canceled_at: MARCH_10 })] }));
        return json({ success: true, customer_id: 'user-1', product_id: 'pro' });
      },
    });
    renderApp('/billing/portal');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel Pro?' });
    expect(dialog).toHaveTextContent('You keep Pro until Apr 3, 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));

    expect(await screen.findByText('Cancels on Apr 3, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/billing/cancel')?.body).toEqual({
      product_id: 'pro',
    });
  });

  it('keeps the plan when the cancel dialog is dismissed', async () => {
    const { requests } = portalServer(makeCustomer());
    renderApp('/billing/portal');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    await user.click(await screen.findByRole('button', { name: 'Keep plan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.path === '/api/billing/cancel')).toBe(false);
  });

  it('renews a cancelled plan by attaching the same product', async () => {
    const cancelled = makeCustomer({
      products: [
        makeCustomerProduct({ canceled_at: MARCH_10 }),
        makeCustomerProduct({
          id: 'free',
          name: 'Free',
          status: 'scheduled',
          started_at: APRIL_3,
          items: [],
        }),
      ],
    });
    const { requests, setCustomer } = portalServer(cancelled, {
      'POST /api/billing/attach': () => {
        setCustomer(makeCustomer());
        return json({ code: 'renewed_product', message: 'Renewed Pro.', product_ids: ['pro'] });
      },
    });
    renderApp('/billing/portal');

    expect(await screen.findByText('Cancels on Apr 3, 2025')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Starts on Apr 3, 2025')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Renew' }));

    expect(await screen.findByText('Renews on Apr 3, 2025')).toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/billing/attach')?.body).toEqual({
      product_id: 'pro',
    });
  });

  it('offers no Cancel plan for the free plan', async () => {
    portalServer(
      makeCustomer({
        products: [makeCustomerProduct({ id: 'free', name: 'Free', current_period_end: null, items: [] })],
      }),
    );
    renderApp('/billing/portal');

    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
  });

  it('says when there is no card and sends Add card to the set-up page', async () => {
    const { requests } = portalServer(makeCustomer({ payment_method: null, invoices: [] }), {
      'POST /api/billing/setup_payment': () =>
        json({ customer_id: 'user-1', url: 'http://localhost:3000/billing/setup/co_9' }),
      'GET /api/billing/sandbox/checkouts/co_9': () =>
        json(makeCheckout({ id: 'co_9', kind: 'setup', product: null, lines: [], total: 0 })),
    });
    const { router } = renderApp('/billing/portal');

    expect(await screen.findByText('No payment method')).toBeInTheDocument();
    expect(
      screen.getByText('No invoices yet. They appear here after your first payment.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add card' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/setup/co_9'));
    expect(await screen.findByRole('button', { name: 'Save card' })).toBeInTheDocument();
    const body = requests.find((request) => request.path === '/api/billing/setup_payment')?.body as {
      success_url: string;
    };
    expect(body.success_url).toMatch(/\/billing\/portal$/);
  });
});
