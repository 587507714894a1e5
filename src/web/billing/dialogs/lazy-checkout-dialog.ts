// CheckoutDialog, fetched when a plan is chosen rather than with the page that offers it (the
// pricing table, the upgrade card): its Radix dialog and popover are most of a page's weight.
// BillingProvider renders dialogs inside Suspense, so nothing shows until the code is here.
import { lazy } from 'react';

/** Starts fetching the dialog's code; call it as checkout starts, so both run at once. */
export const preloadCheckoutDialog = () => import('./checkout-dialog');

export const LazyCheckoutDialog = lazy(() =>
  preloadCheckoutDialog().then((module) => ({ default: module.CheckoutDialog })),
);
