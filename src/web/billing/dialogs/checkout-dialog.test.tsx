import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeBillingProduct, makeCheckoutResult } from '../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { makeAddOnProducts } from '../../test/pricing';
import { renderInRouter } from '../../test/render-in-router';
import type { BillingProduct, CheckoutResult } from '../api-types';
import { useCustomer } from '../use-customer';
import { CheckoutDialog } from './checkout-dialog';

const [MONITOR_PACK] = makeAddOnProducts() as [BillingProduct];

function packPreview(packs: number, overrides: Partial<CheckoutResult> = {}): CheckoutResult {
  return makeCheckoutResult({
    product: { ...MONITOR_PACK, scenario: 'new' },
    options: [{ feature_id: 'monitors', quantity: packs * 10 }],
    lines: [{ description: `Monitor pack - ${packs * 10} Monitors`, amount: packs * 5 }],
    total: packs * 5,
    has_prorations: false,
    next_cycle: undefined,
    ...overrides,
  });
}

const UPGRADE = makeCheckoutResult({
  product: makeBillingProduct({
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
  }),
  current_product: makeBillingProduct({ id: 'starter', name: 'Starter', scenario: 'active' }),
  lines: [
    { description: 'Unused Starter (from 2025-03-19)', amount: -9.5 },
    { description: 'Remaining Pro (from 2025-03-19)', amount: 19.5 },
  ],
  total: 10,
  has_prorations: true,
});

/** A signed-in customer with a Buy button that runs `checkout({dialog: CheckoutDialog})`. */
function renderCheckout(routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>>) {
  const server = stubServer({ user: TEST_USER, routes });
  function Buy({ productId }: { productId: string }) {
    const { checkout } = useCustomer();
    return (
      <button type="button" onClick={() => void checkout({ productId, dialog: CheckoutDialog })}>
        Buy {productId}
      </button>
    );
  }
  renderInRouter(
    <>
      <Buy productId="pro" />
      <Buy productId="monitor_pack" />
    </>,
  );
  return server;
}

const bodiesOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

describe('CheckoutDialog', () => {
  it('shows an upgrade with its price, proration lines, the amount due today and the next cycle', async () => {
    const user = userEvent.setup();
    renderCheckout({ 'POST /api/billing/checkout': () => json(UPGRADE) });
    await user.click(await screen.findByRole('button', { name: 'Buy pro' }));

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(dialog).toHaveTextContent(
      'By clicking confirm, you will upgrade to Pro and your payment method will be charged immediately.',
    );
    const price = within(dialog).getByRole('region', { name: 'Price' });
    expect(price).toHaveTextContent('Subscription$39 per month');
    const prorations = within(dialog).getByRole('list', { name: 'Prorations' });
    expect(prorations).toHaveTextContent('Unused Starter (from 2025-03-19)-$9.50');
    expect(prorations).toHaveTextContent('Remaining Pro (from 2025-03-19)$19.50');
    expect(dialog).toHaveTextContent('Due today$10.00');
    expect(dialog).toHaveTextContent('Due next cycle (Apr 3, 2025)$39.00');
    expect(dialog).not.toHaveTextContent('+ usage prices');
  });

  it('hides proration lines without prorations and says "+ usage prices" when pay-per-use items exist', async () => {
    const user = userEvent.setup();
    const usage = makeCheckoutResult({
      ...UPGRADE,
      has_prorations: false,
      product: {
        ...UPGRADE.product,
        items: [
          ...UPGRADE.product.items,
          { type: 'priced_feature', feature_id: 'performance_runs', usage_model: 'pay_per_use', price: 1 },
        ],
      },
    });
    renderCheckout({ 'POST /api/billing/checkout': () => json(usage) });
    await user.click(await screen.findByRole('button', { name: 'Buy pro' }));

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(within(dialog).queryByRole('list', { name: 'Prorations' })).toBeNull();
    expect(dialog).toHaveTextContent('Due next cycle (Apr 3, 2025)$39.00 + usage prices');
  });

  it('shows no price lines for a free product', async () => {
    const user = userEvent.setup();
    const cancel = makeCheckoutResult({
      product: makeBillingProduct({
        id: 'free',
        name: 'Free',
        scenario: 'cancel',
        items: [],
        properties: { ...UPGRADE.product.properties, is_free: true },
      }),
      current_product: makeBillingProduct({ id: 'starter', name: 'Starter' }),
      lines: [],
      total: 0,
      has_prorations: false,
    });
    renderCheckout({ 'POST /api/billing/checkout': () => json(cancel) });
    await user.click(await screen.findByRole('button', { name: 'Buy pro' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel' });
    expect(dialog).toHaveTextContent(
      'By clicking confirm, your subscription to Starter will end on Apr 3, 2025.',
    );
    expect(dialog).toHaveTextContent('You will lose');
    expect(dialog).toHaveTextContent('Incident management');
    expect(within(dialog).queryByRole('region', { name: 'Price' })).toBeNull();
    expect(dialog).not.toHaveTextContent('Due today');
  });

  it('shows only the prepaid lines when an active plan updates its quantity', async () => {
    const user = userEvent.setup();
    const update = makeCheckoutResult({
      product: makeBillingProduct({
        id: 'pro',
        name: 'Pro',
        scenario: 'active',
        items: [...UPGRADE.product.items, ...MONITOR_PACK.items],
        properties: { ...UPGRADE.product.properties, updateable: true },
      }),
      options: [{ feature_id: 'monitors', quantity: 10 }],
    });
    renderCheckout({ 'POST /api/billing/checkout': () => json(update) });
    await user.click(await screen.findByRole('button', { name: 'Buy pro' }));

    const dialog = await screen.findByRole('dialog', { name: 'Update Plan' });
    const price = within(dialog).getByRole('region', { name: 'Price' });
    expect(price).not.toHaveTextContent('Subscription');
    expect(price).toHaveTextContent('Monitors');
    expect(within(price).getByRole('button', { name: 'Monitors quantity' })).toHaveTextContent('Qty: 10');
  });

  it('re-runs the preview with packs × billing_units and confirms with that quantity', async () => {
    const user = userEvent.setup();
    const { requests } = renderCheckout({
      'POST /api/billing/checkout': (request) => {
        const options = (request.body as { options?: { quantity: number }[] }).options;
        return json(packPreview((options?.[0]?.quantity ?? 10) / 10));
      },
      'POST /api/billing/attach': () =>
        json({
          customer_id: 'user-1',
          product_ids: ['monitor_pack'],
          code: 'new_product_attached',
          message: 'ok',
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy monitor_pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Monitor pack' });
    expect(dialog).toHaveTextContent('Due today$5.00');

    await user.click(within(dialog).getByRole('button', { name: 'Monitors quantity' }));
    const packs = await screen.findByRole('textbox', { name: 'Packs' });
    expect(packs).toHaveValue('1');
    await user.clear(packs);
    await user.type(packs, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog).toHaveTextContent('Due today$10.00'));
    expect(within(dialog).getByRole('button', { name: 'Monitors quantity' })).toHaveTextContent('Qty: 20');
    expect(bodiesOf(requests, '/api/billing/checkout').at(-1)).toMatchObject({
      product_id: 'monitor_pack',
      options: [{ feature_id: 'monitors', quantity: 20 }],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(requests, '/api/billing/attach')).toEqual([
      expect.objectContaining({
        product_id: 'monitor_pack',
        options: [{ feature_id: 'monitors', quantity: 20 }],
      }),
    ]);
  });

  it('keeps the old preview and says why when the new one fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    renderCheckout({
      'POST /api/billing/checkout': () =>
        ++calls === 1
          ? json(packPreview(1))
          : json({ message: 'Quantity too large', code: 'invalid_options' }, 400),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy monitor_pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Monitor pack' });

    await user.click(within(dialog).getByRole('button', { name: 'Monitors quantity' }));
    const packs = await screen.findByRole('textbox', { name: 'Packs' });
    await user.clear(packs);
    await user.type(packs, '900');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Quantity too large');
    expect(dialog).toHaveTextContent('Due today$5.00');
    expect(within(dialog).getByRole('button', { name: 'Monitors quantity' })).toHaveTextContent('Qty: 10');
  });

  it('locks the quantity when renewing', async () => {
    const user = userEvent.setup();
    renderCheckout({
      'POST /api/billing/checkout': () =>
        json(packPreview(1, { product: { ...MONITOR_PACK, scenario: 'renew' } })),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy monitor_pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew' });
    expect(within(dialog).getByRole('button', { name: 'Monitors quantity' })).toBeDisabled();
  });

  it('shows a spinner while confirming, an error if attach fails, and closes with Close', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    renderCheckout({
      'POST /api/billing/checkout': () => json(UPGRADE),
      'POST /api/billing/attach': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const confirm = within(dialog).getByRole('button', { name: /Confirm/ });
    expect(confirm).toBeDisabled();
    expect(within(confirm).getByRole('status')).toHaveTextContent('Confirming');

    answer(json({ message: 'Your card was declined.', code: 'card_declined' }, 402));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();

    // The footer's text button, beside the corner's icon button of the same name.
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
