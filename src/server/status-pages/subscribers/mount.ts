// The subscribers slice's one entry point for the app: the owner's API under /api/v1 and the
// visitor's routes beside each status page (mounted before the status pages' catch-all 404).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/caller.ts';
import { createSubscriberOwnerService, type OwnerServiceDeps } from './owner-service.ts';
import { mountSubscriberRoutes } from './public-routes.ts';
import { mountSubscriberApiRoutes } from './routes.ts';
import { createSignups, type SignupDeps } from './signup.ts';

export type SubscriberDeps = SignupDeps & OwnerServiceDeps & { trustProxy: boolean };

export function mountSubscribers(app: Hono<AppEnv>, api: OpenAPIHono<AppEnv>, deps: SubscriberDeps): void {
  mountSubscriberApiRoutes(api, createSubscriberOwnerService(deps));
  mountSubscriberRoutes(app, createSignups(deps), deps.trustProxy);
}
