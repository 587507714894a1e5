import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RetentionPreview } from '../../../core/api/digests';
import { makeBillingProduct, makeCheckoutResult } from '../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { renderInRouter } from '../../test/render-in-router';
import { useCustomer } from '../use-customer';
import { CheckoutDialog } from './checkout-dialog';

const NOV_15 = Date.UTC(2026, 10, 15, 12);

const DOWNGRADE = makeCheckoutResult({
  product: makeBillingProduct({
    id: 'free',
    name: 'Free',
    items: [],
    scenario: 'downgrade',
    properties: {
      is_free: true,
      is_one_off: false,
      interval_group: null,
      has_trial: false,
      updateable: false,
    },
  }),
  current_product: makeBillingProduct({ id: 'pro', name: 'Pro', scenario: 'active' }),
  total: 0,
  has_prorations: false,
});

const UPGRADE = makeCheckoutResult({
  product: makeBillingProduct({ id: 'pro', name: 'Pro' }),
  current_product: makeBillingProduct({ id: 'starter', name: 'Starter', scenario: 'active' }),
});

const PREVIEW: RetentionPreview = {
  plan: 'free',
  items: [
    { kind: 'checks', label: 'Check results', keepDays: 7, rowsToPrune: 12_345, cutoff: NOV_15 },
    { kind: 'ssl_checks', label: 'SSL checks', keepDays: 7, rowsToPrune: 0, cutoff: NOV_15 },
    { kind: 'incidents', label: 'Incidents', keepDays: 30, rowsToPrune: 1, cutoff: NOV_15 - 23 * 86_400_000 },
  ],
};

function renderBuy(productId: string, checkout: unknown) {
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/checkout': () => json(checkout),
      'GET /api/v1/retention/preview': () => json(PREVIEW),
    },
  });
  function Buy() {
    const { checkout: open } = useCustomer();
    return (
      <button type="button" onClick={() => void open({ productId, dialog: CheckoutDialog })}>
        Change plan
      </button>
    );
  }
  renderInRouter(<Buy />);
  return server;
}

const previewRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/v1/retention/preview');

describe('the plan change dialog', () => {
  it('says what a downgrade will delete, for the kinds with rows to prune', async () => {
    const user = userEvent.setup();
    const server = renderBuy('free', DOWNGRADE);
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));

    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Free' });
    expect(dialog).toHaveTextContent('your current subscription to Pro will be cancelled');
    expect(
      await screen.findByText(
        'Moving to Free keeps 7 days of check history: 12,345 check results older than Nov 15 will be deleted.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Moving to Free keeps 30 days of incident history: 1 resolved incident older than Oct 23 will be deleted.',
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('SSL check');
    expect(previewRequests(server.requests).map((request) => request.query)).toEqual(['?plan=free']);
  });

  it('says nothing about deletion for an upgrade', async () => {
    const user = userEvent.setup();
    const server = renderBuy('pro', UPGRADE);
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    await waitFor(() => expect(dialog).toHaveTextContent('Due today'));
    expect(dialog).not.toHaveTextContent('will be deleted');
    expect(previewRequests(server.requests)).toEqual([]);
  });
});
