import { describe, expect, it, vi } from 'vitest';
import { makeBillingProduct, makeCheckoutResult } from '../test/billing';
import { json, type RecordedRequest, stubServer } from '../test/fake-server';
import type { CheckoutResult } from './api-types';
import { createBillingClient } from './client';
import type { BillingDialog } from './dialog';
import { type FlowEffects, runAttach, runCheckout } from './flows';

const Dialog: BillingDialog = () => null;

function effects(dialogOpen = false) {
  const fake = {
    client: createBillingClient(),
    openDialog: vi.fn(),
    closeDialog: vi.fn(),
    isDialogOpen: () => dialogOpen,
    openUrl: vi.fn(),
    refetchCustomer: vi.fn(async () => {}),
    refetchProducts: vi.fn(async () => {}),
  } satisfies FlowEffects;
  return fake;
}

function checkoutServer(result: CheckoutResult) {
  return stubServer({ routes: { 'POST /api/billing/checkout': () => json(result) } });
}

const PREPAID = makeBillingProduct({
  id: 'monitor_pack',
  items: [
    { type: 'priced_feature', feature_id: 'monitors', usage_model: 'prepaid', billing_units: 10, price: 5 },
  ],
});

describe('checkout (SPEC.md §4)', () => {
  it('goes to the returned URL when no dialog is asked for', async () => {
    checkoutServer(makeCheckoutResult({ url: '/billing/checkout/co_1' }));
    const fx = effects();
    await runCheckout(fx, { productId: 'starter' });
    expect(fx.openUrl).toHaveBeenCalledWith('/billing/checkout/co_1', false);
    expect(fx.openDialog).not.toHaveBeenCalled();
  });

  it('goes to the URL, not the dialog, for a product without a prepaid item', async () => {
    checkoutServer(makeCheckoutResult({ url: '/billing/checkout/co_1' }));
    const fx = effects();
    await runCheckout(fx, { productId: 'starter', dialog: Dialog, openInNewTab: true });
    expect(fx.openUrl).toHaveBeenCalledWith('/billing/checkout/co_1', true);
    expect(fx.openDialog).not.toHaveBeenCalled();
  });

  it('opens the dialog with the result for a prepaid product even when a URL came back', async () => {
    const result = makeCheckoutResult({ url: '/billing/checkout/co_1', product: PREPAID });
    checkoutServer(result);
    const fx = effects();
    await runCheckout(fx, { productId: 'monitor_pack', dialog: Dialog });
    expect(fx.openUrl).not.toHaveBeenCalled();
    expect(fx.openDialog).toHaveBeenCalledWith(Dialog, {
      checkoutResult: result,
      checkoutParams: { productId: 'monitor_pack' },
    });
  });

  it('opens the dialog with the preview when no URL came back, sending neither dialog nor openInNewTab', async () => {
    const result = makeCheckoutResult();
    const { requests } = checkoutServer(result);
    const fx = effects();
    await runCheckout(fx, { productId: 'pro', dialog: Dialog, openInNewTab: true });
    expect(fx.openDialog).toHaveBeenCalledWith(Dialog, expect.objectContaining({ checkoutResult: result }));
    expect(requests[0]?.body).toEqual({ product_id: 'pro' });
  });

  it('refuses a dialog together with productIds, before any request', async () => {
    const { requests } = checkoutServer(makeCheckoutResult());
    await expect(runCheckout(effects(), { productIds: ['a', 'b'], dialog: Dialog })).rejects.toThrow(
      /cannot open a dialog for several products/,
    );
    expect(requests).toHaveLength(0);
  });

  it('returns an error and opens nothing when checkout fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      routes: { 'POST /api/billing/checkout': () => json({ message: 'No', code: 'invalid_request' }, 400) },
    });
    const fx = effects();
    const result = await runCheckout(fx, { productId: 'pro', dialog: Dialog });
    expect(result.error?.code).toBe('invalid_request');
    expect(fx.openDialog).not.toHaveBeenCalled();
    expect(fx.openUrl).not.toHaveBeenCalled();
  });
});

describe('attach (SPEC.md §4)', () => {
  function attachServer(preview: unknown, attach: object = { code: 'updated_product_successfully' }) {
    return stubServer({
      routes: {
        'POST /api/billing/check': () =>
          json({ allowed: false, customer_id: 'user-1', product_id: 'pro', preview }),
        'POST /api/billing/attach': () =>
          json({ customer_id: 'user-1', product_ids: ['pro'], message: '', ...attach }),
      },
    });
  }
  const paths = (requests: RecordedRequest[]) => requests.map((request) => request.path);

  it('with a dialog, checks the product with preview first and opens the dialog with the preview', async () => {
    const preview = makeCheckoutResult();
    const { requests } = attachServer(preview);
    const fx = effects();
    await runAttach(fx, { productId: 'pro', dialog: Dialog });
    expect(requests[0]?.body).toEqual({ product_id: 'pro', with_preview: true });
    expect(paths(requests)).toEqual(['/api/billing/check']);
    expect(fx.openDialog).toHaveBeenCalledWith(Dialog, { preview, productId: 'pro', entityId: undefined });
  });

  it('with a dialog but no preview, attaches straight away', async () => {
    const { requests } = attachServer(undefined);
    const fx = effects();
    await runAttach(fx, { productId: 'pro', dialog: Dialog });
    expect(paths(requests)).toEqual(['/api/billing/check', '/api/billing/attach']);
    expect(fx.openDialog).not.toHaveBeenCalled();
  });

  it('attaches when the dialog is already open (its Confirm), then refetches and closes it', async () => {
    const { requests } = attachServer(makeCheckoutResult());
    const fx = effects(true);
    await runAttach(fx, {
      productId: 'pro',
      dialog: Dialog,
      options: [{ featureId: 'monitors', quantity: 20 }],
    });
    expect(paths(requests)).toEqual(['/api/billing/attach']);
    expect(requests[0]?.body).toEqual({
      product_id: 'pro',
      options: [{ feature_id: 'monitors', quantity: 20 }],
    });
    expect(fx.refetchProducts).toHaveBeenCalled();
    expect(fx.refetchCustomer).toHaveBeenCalled();
    expect(fx.closeDialog).toHaveBeenCalled();
  });

  it('goes to checkout_url after a successful attach, in a new tab when asked', async () => {
    attachServer(undefined, { code: 'checkout_created', checkout_url: '/billing/checkout/co_9' });
    const fx = effects();
    await runAttach(fx, { productId: 'pro', openInNewTab: true });
    expect(fx.openUrl).toHaveBeenCalledWith('/billing/checkout/co_9', true);
    expect(fx.closeDialog).toHaveBeenCalled();
  });

  it('keeps the dialog open and refetches nothing when attach fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      routes: {
        'POST /api/billing/attach': () => json({ message: 'Card declined', code: 'payment_failed' }, 402),
      },
    });
    const fx = effects(true);
    const result = await runAttach(fx, { productId: 'pro', dialog: Dialog });
    expect(result.error?.message).toBe('Card declined');
    expect(fx.closeDialog).not.toHaveBeenCalled();
    expect(fx.refetchCustomer).not.toHaveBeenCalled();
  });
});
