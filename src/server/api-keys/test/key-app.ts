// A test app on the fake clock with helpers to act as a signed-in user (cookie) or as a
// script (bearer key). START is 15 s into a minute, so the rate window's end is known.
import { expect } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

export const START = Date.UTC(2026, 10, 2, 9, 0, 15);

export type Plan = 'free' | 'starter' | 'pro';

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
}

export async function createKeyApp() {
  const clock = new ManualClock(START);
  const t: TestApp = await createTestApp({}, { clock });

  function send(user: TestUser, method: string, path: string, body?: unknown) {
    return t.request(`/api/v1${path}`, {
      method,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A script's request: no cookie, no Origin, only the key. */
  function withKey(key: string, path = '/monitors', init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    return Promise.resolve(t.app.request(`/api/v1${path}`, { ...init, headers }));
  }

  async function user(plan: Plan = 'pro') {
    const created = await createUser(t.auth);
    if (plan !== 'free') await t.grant(created.id, plan);
    return created;
  }

  async function createKey(owner: TestUser, input: Record<string, unknown> = { name: 'CI' }) {
    const response = await send(owner, 'POST', '/api-keys', input);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as CreatedKey;
  }

  async function listKeys(owner: TestUser) {
    const response = await send(owner, 'GET', '/api-keys');
    expect(response.status).toBe(200);
    return ((await response.json()) as { keys: Omit<CreatedKey, 'key'>[] }).keys;
  }

  return { t, clock, send, withKey, user, createKey, listKeys };
}

export type KeyApp = Awaited<ReturnType<typeof createKeyApp>>;

export async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
