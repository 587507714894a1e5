// The dialog seam of the §4 flows: `checkout`, `attach` and `check` accept any component
// with these props; BillingProvider renders it and owns its open state.
import type { ComponentType } from 'react';
import type { CheckoutParams, CheckoutResult, CheckPreview } from './api-types';

/** SPEC.md §4: a closed dialog's state is cleared about 200 ms later, after its exit animation. */
export const DIALOG_RESET_MS = 200;

export interface BillingDialogProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** `checkout({dialog})`: the checkout preview, and the params it was asked with. */
  checkoutResult?: CheckoutResult;
  checkoutParams?: CheckoutParams;
  /** `attach({dialog})`: the product check's preview. */
  preview?: CheckPreview;
  /** `check({dialog})` when denied: what was asked for. */
  featureId?: string;
  productId?: string;
  entityId?: string;
}

export type BillingDialog = ComponentType<BillingDialogProps>;

export type DialogPayload = Omit<BillingDialogProps, 'open' | 'setOpen'>;
