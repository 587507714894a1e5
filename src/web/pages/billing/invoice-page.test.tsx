import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSandboxInvoice } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const ID = 'inv_0195b1c2d3e47f80a1b2c3d4e5f60999';

describe('invoice page', () => {
  it('shows the number, date, customer, lines, total and status', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        [`GET /api/billing/sandbox/invoices/${ID}`]: () =>
          json(
            makeSandboxInvoice({
              id: ID,
              total: 20,
              lines: [
                { description: 'Unused Starter (from Mar 10, 2025)', amount: -13.33 },
                { description: 'Pro (from Mar 10, 2025)', amount: 33.33 },
              ],
            }),
          ),
      },
    });
    renderApp(`/billing/invoices/${ID}`);

    expect(await screen.findByRole('heading', { name: 'Invoice INV-E5F60999' })).toBeInTheDocument();
    expect(screen.getByText('Mar 3, 2025')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Unused Starter (from Mar 10, 2025)');
    expect(rows[1]).toHaveTextContent('-$13.33');
    expect(rows[2]).toHaveTextContent('Pro (from Mar 10, 2025)');
    expect(rows[2]).toHaveTextContent('$33.33');
    expect(rows[3]).toHaveTextContent('Total');
    expect(rows[3]).toHaveTextContent('$20.00');
  });

  it('prints the page from the Print button', async () => {
    stubServer({
      user: TEST_USER,
      routes: { [`GET /api/billing/sandbox/invoices/${ID}`]: () => json(makeSandboxInvoice({ id: ID })) },
    });
    // happy-dom has no print dialog to spy on.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(`/billing/invoices/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows Invoice not found for an invoice of another account', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/invoices/inv_other': () =>
          json({ code: 'invoice_not_found', message: 'Invoice not found.' }, 404),
      },
    });
    renderApp('/billing/invoices/inv_other');
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
  });
});
