// A test app on the fake clock for performance sites: act as a signed-in user of a plan.
import { expect } from 'vitest';
import type { PerformanceSite } from '../../../core/api/performance.ts';
import { ManualClock } from '../../clock.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';

export const START = Date.UTC(2026, 10, 22, 9, 0, 0);
export type Plan = 'free' | 'starter' | 'pro';

export async function createPerfApp(options: { allowPrivateTargets?: boolean } = {}) {
  const clock = new ManualClock(START);
  const t = await createTestApp({}, { clock, allowPrivateTargets: options.allowPrivateTargets });

  function send(user: TestUser, method: string, path: string, body?: unknown) {
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

  async function site(owner: TestUser, body: Record<string, unknown> = {}): Promise<PerformanceSite> {
    return json<PerformanceSite>(
      await send(owner, 'POST', '/performance/sites', { url: 'https://shop.example.com/', ...body }),
      201,
    );
  }

  return { t, clock, send, user, json, site };
}

export type PerfApp = Awaited<ReturnType<typeof createPerfApp>>;

export async function errorOf(
  response: Response,
): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}
