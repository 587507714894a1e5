export { CheckoutDialog } from './checkout-dialog';
export { PaywallDialog } from './paywall-dialog';
