// The status pages slice's one entry point for the app: the signed-in CRUD API under /api/v1
// and the public pages, feeds and badges (which must be mounted before the SPA fallback).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/session.ts';
import { mountPublicStatusRoutes } from './public-routes.ts';
import { mountStatusPageRoutes } from './routes.ts';
import { createStatusPageService, type StatusPageServiceDeps } from './service.ts';

export function mountStatusPages(
  app: Hono<AppEnv>,
  api: OpenAPIHono<AppEnv>,
  deps: StatusPageServiceDeps,
): void {
  mountStatusPageRoutes(api, createStatusPageService(deps));
  mountPublicStatusRoutes(app, deps);
}
