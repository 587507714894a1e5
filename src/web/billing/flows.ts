// SPEC.md §4's checkout and attach flows, written against injected effects so the branch logic
// is testable and the provider only supplies React state.
import type { AttachParams, AttachResult, CheckoutParams, CheckoutResult, CheckResult } from './api-types';
import type { BillingClient } from './client';
import type { BillingDialog, DialogPayload } from './dialog';
import type { BillingResult } from './wire';

export interface FlowEffects {
  client: BillingClient;
  openDialog(dialog: BillingDialog, payload: DialogPayload): void;
  closeDialog(): void;
  isDialogOpen(): boolean;
  /** Same tab (in-app routes stay in the router) or a new tab. */
  openUrl(url: string, newTab: boolean): void | Promise<void>;
  refetchCustomer(): Promise<unknown>;
  refetchProducts(): Promise<unknown>;
}

export interface FlowOptions {
  /** The confirmation dialog to show (CheckoutDialog, an attach dialog…). */
  dialog?: BillingDialog;
  /** Open a returned payment URL in a new tab instead of this one. */
  openInNewTab?: boolean;
}

export type CheckoutFlowParams = CheckoutParams & FlowOptions;
export type AttachFlowParams = AttachParams & FlowOptions;

/**
 * `checkout`: a returned URL is followed unless the product has a prepaid item and a dialog was
 * asked for; otherwise the dialog opens with the result. A dialog cannot cover several products.
 */
export async function runCheckout(
  effects: FlowEffects,
  { dialog, openInNewTab = false, ...params }: CheckoutFlowParams,
): Promise<BillingResult<CheckoutResult>> {
  if (dialog && params.productIds) {
    throw new Error('checkout() cannot open a dialog for several products: pass productId, or no dialog');
  }
  const result = await effects.client.checkout(params);
  if (result.error) return result;
  const data = result.data;
  const hasPrepaid = data.product?.items?.some((item) => item.usage_model === 'prepaid') ?? false;
  if (data.url && !(hasPrepaid && dialog)) {
    await effects.openUrl(data.url, openInNewTab);
    return result;
  }
  if (dialog) effects.openDialog(dialog, { checkoutResult: data, checkoutParams: params });
  return result;
}

async function attachNow(
  effects: FlowEffects,
  { openInNewTab = false, ...params }: Omit<AttachFlowParams, 'dialog'>,
): Promise<BillingResult<AttachResult>> {
  const result = await effects.client.attach(params);
  if (result.error) return result;
  if (result.data.checkout_url) await effects.openUrl(result.data.checkout_url, openInNewTab);
  await Promise.all([effects.refetchProducts(), effects.refetchCustomer()]);
  effects.closeDialog();
  return result;
}

/**
 * `attach`: with a dialog that is not yet open, a product check with preview comes first and a
 * returned preview opens the dialog; otherwise (no preview, no dialog, or the dialog already
 * open and confirming) the product is attached. After success: follow `checkout_url`, refetch
 * products and customer, close the dialog.
 */
export async function runAttach(
  effects: FlowEffects,
  { dialog, ...params }: AttachFlowParams,
): Promise<BillingResult<AttachResult | CheckResult>> {
  if (!dialog || effects.isDialogOpen()) return attachNow(effects, params);
  const check = await effects.client.check({
    productId: params.productId,
    entityId: params.entityId,
    entityData: params.entityData,
    withPreview: true,
  });
  if (check.error) return check;
  if (!check.data.preview) return attachNow(effects, params);
  effects.openDialog(dialog, {
    preview: check.data.preview,
    productId: params.productId,
    entityId: params.entityId,
  });
  return check;
}
