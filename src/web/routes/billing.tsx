import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { checkoutQueryOptions, invoiceQueryOptions, orNotFound } from '../billing/queries';
import { loadSession } from '../lib/session-guard';
import { rootRoute } from './root';

const payment = () => import('../pages/billing/payment-page');
const invoice = () => import('../pages/billing/invoice-page');

// The local provider's hosted pages (checkout, card set-up, portal, invoices): outside the
// dashboard shell, like a payment provider's own pages, but behind the same sign-in gate.
const billingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/billing',
  beforeLoad: async ({ context }) => ({ session: await loadSession(context.queryClient) }),
  component: lazyRouteComponent(() => import('../pages/billing/billing-layout'), 'BillingLayout'),
});

const checkoutRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'checkout/$id',
  loader: ({ context, params }) =>
    context.session
      ? orNotFound(() => context.queryClient.ensureQueryData(checkoutQueryOptions(params.id)))
      : null,
  notFoundComponent: lazyRouteComponent(payment, 'PaymentSessionNotFound'),
  component: lazyRouteComponent(payment, 'CheckoutPage'),
});

const setupRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'setup/$id',
  loader: ({ context, params }) =>
    context.session
      ? orNotFound(() => context.queryClient.ensureQueryData(checkoutQueryOptions(params.id)))
      : null,
  notFoundComponent: lazyRouteComponent(payment, 'PaymentSessionNotFound'),
  component: lazyRouteComponent(payment, 'SetupPage'),
});

const portalRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'portal',
  component: lazyRouteComponent(() => import('../pages/billing/portal-page'), 'PortalPage'),
});

const invoiceRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'invoices/$id',
  loader: ({ context, params }) =>
    context.session
      ? orNotFound(() => context.queryClient.ensureQueryData(invoiceQueryOptions(params.id)))
      : null,
  notFoundComponent: lazyRouteComponent(invoice, 'InvoiceNotFound'),
  component: lazyRouteComponent(invoice, 'InvoicePage'),
});

export const billingRoutes = [
  billingRoute.addChildren([checkoutRoute, setupRoute, portalRoute, invoiceRoute]),
];
