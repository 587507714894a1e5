// A test app on the fake clock, driven as its signed-in users: users of a plan, their cookie
// requests to /api/v1, and a status check that shows the body when it fails.
import { expect } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp } from './test-app.ts';

export type Plan = 'free' | 'starter' | 'pro';

export async function createUserApp(
  start: number,
  options: { allowPrivateTargets?: boolean; trustProxy?: boolean } = {},
) {
  const clock = new ManualClock(start);
  const config = options.trustProxy ? { trustProxy: true } : {};
  const t = await createTestApp(config, { clock, allowPrivateTargets: options.allowPrivateTargets });

  function send(user: TestUser, method: string, path: string, body?: unknown) {
    // As the web app sends it: a content type only with a body.
    const type: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    return t.request(`/api/v1${path}`, {
      method,
      headers: { cookie: user.cookie, ...type },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function user(plan: Plan = 'pro') {
    const created = await createUser(t.auth);
    if (plan !== 'free') await t.grant(created.id, plan);
    return created;
  }

  async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  }

  return { t, clock, send, user, json };
}
