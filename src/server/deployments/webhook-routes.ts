// POST /api/deployments/{github,vercel,netlify}?token=…: provider webhooks, outside /api/v1
// (no session, no key: the receiver token and the signature say who sent it). Bodies up to
// 10 MiB; the raw bytes are verified before anything parses them.
import type { Hono } from 'hono';
import { WEBHOOK_PROVIDERS, type WebhookProvider } from '../../core/api/deployments.ts';
import { limitBody, MiB } from '../platform/http/body-guards.ts';
import type { AppEnv } from '../platform/http/caller.ts';
import { apiNotFound } from '../platform/http/errors.ts';
import type { DeploymentService } from './service.ts';

export const WEBHOOK_BODY_LIMIT = 10 * MiB;

const isProvider = (value: string): value is WebhookProvider =>
  (WEBHOOK_PROVIDERS as readonly string[]).includes(value);

export function mountDeploymentWebhooks(app: Hono<AppEnv>, deployments: DeploymentService): void {
  app.post('/api/deployments/:provider', limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    const provider = c.req.param('provider');
    if (!isProvider(provider)) return apiNotFound(c);
    const body = Buffer.from(await c.req.arrayBuffer());
    const outcome = await deployments.receive(provider, c.req.query('token'), c.req.raw.headers, body);
    if (outcome.kind === 'ignored') return c.json({ ignored: true, reason: outcome.reason }, 202);
    return c.json({ deployment: outcome.deployment }, outcome.created ? 201 : 200);
  });
}
