import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PublicLayout } from '../components/public-layout';
import { redirectSignedIn } from '../lib/session-guard';
import { rootRoute } from './root';

const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});

const landingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/',
  beforeLoad: ({ context }) => redirectSignedIn(context.queryClient),
  component: lazyRouteComponent(() => import('../pages/landing/landing-page'), 'LandingPage'),
});

const pricingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/pricing',
  component: lazyRouteComponent(() => import('../pages/pricing/pricing-page'), 'PricingPage'),
});

const signInRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/signin',
  beforeLoad: ({ context }) => redirectSignedIn(context.queryClient),
  component: lazyRouteComponent(() => import('../pages/auth/sign-in-page'), 'SignInPage'),
});

const signUpRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/signup',
  beforeLoad: ({ context }) => redirectSignedIn(context.queryClient),
  component: lazyRouteComponent(() => import('../pages/auth/sign-up-page'), 'SignUpPage'),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/forgot-password',
  beforeLoad: ({ context }) => redirectSignedIn(context.queryClient),
  component: lazyRouteComponent(() => import('../pages/auth/forgot-password-page'), 'ForgotPasswordPage'),
});

// Not for signed-out visitors only: a mailed link may be opened where the person is still signed in.
const resetPasswordRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: lazyRouteComponent(() => import('../pages/auth/reset-password-page'), 'ResetPasswordPage'),
});

const invitationRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/invitation/$token',
  component: lazyRouteComponent(() => import('../pages/invitation/invitation-page'), 'InvitationPage'),
});

// /status/* is not here: the server renders public status pages, complete without the SPA.
export const publicRoutes = [
  publicLayoutRoute.addChildren([
    landingRoute,
    pricingRoute,
    signInRoute,
    signUpRoute,
    forgotPasswordRoute,
    resetPasswordRoute,
    invitationRoute,
  ]),
];
