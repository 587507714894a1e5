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

// Public status pages are a later issue; until then every address answers "not available".
const statusUnavailable = lazyRouteComponent(
  () => import('../pages/status-unavailable-page'),
  'StatusUnavailablePage',
);

const statusMonitorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status/monitor/$id',
  component: statusUnavailable,
});

const statusGroupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status/$slug',
  component: statusUnavailable,
});

export const publicRoutes = [
  publicLayoutRoute.addChildren([landingRoute, pricingRoute, signInRoute, signUpRoute]),
  statusMonitorRoute,
  statusGroupRoute,
];
