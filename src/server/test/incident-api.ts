// One test app on a manual clock, with the calls the incident API tests make over HTTP.
import { expect } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import type { IncidentTable } from '../platform/db/incident-schema.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertAutomaticIncident } from './incident-rows.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const START = Date.UTC(2026, 10, 1, 12);

export interface IncidentApi {
  t: TestApp;
  clock: ManualClock;
  user(plan?: 'free' | 'starter' | 'pro'): Promise<TestUser>;
  send(user: TestUser, method: string, path: string, body?: unknown): Promise<Response>;
  /** The response's JSON after asserting its status (the body is shown when it differs). */
  expectJson<T>(response: Response, status: number): Promise<T>;
  monitor(user: TestUser, name?: string): Promise<{ id: string; name: string }>;
  automatic(
    user: TestUser,
    monitorId: string,
    startedAt?: number,
    overrides?: Partial<IncidentTable>,
  ): Promise<IncidentTable>;
}

export async function incidentApi(): Promise<IncidentApi> {
  const clock = new ManualClock(START);
  const t = await createTestApp({}, { clock });
  const send = (user: TestUser, method: string, path: string, body?: unknown) =>
    t.request(`/api/v1${path}`, {
      method,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function expectJson(response: Response, status: number) {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  }
  return {
    t,
    clock,
    send,
    expectJson,
    async user(plan = 'free') {
      const user = await createUser(t.auth);
      if (plan !== 'free') await t.grant(user.id, plan);
      return user;
    },
    async monitor(user, name = 'Shop') {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return expectJson(
        await send(user, 'POST', '/monitors', { name, url: `https://${slug}.example.com` }),
        201,
      );
    },
    automatic: (user, monitorId, startedAt = clock.now(), overrides = {}) =>
      insertAutomaticIncident(t.database.db, user.id, monitorId, startedAt, overrides),
  };
}
