// A test app on a ManualClock with the few moves status page tests need: users on a plan,
// monitors and pages through the API, and check results stored by the scheduler's own path.
import { ManualClock } from '../../platform/clock.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { clearAutomaticIncidents, recordSamples, type Sample } from '../../test/record-samples.ts';
import { type BuildOptions, createTestApp, type TestApp, type TestConfig } from '../../test/test-app.ts';

/** A fixed "now" mid-afternoon UTC, so today's bar is a partial day. */
export const NOW = Date.UTC(2026, 10, 20, 15, 40);
export const MINUTE = 60_000;
export const DAY = 86_400_000;

export type { Sample };

export async function createStatusApp(config: TestConfig = {}, options: Omit<BuildOptions, 'clock'> = {}) {
  const clock = new ManualClock(NOW);
  const t: TestApp = await createTestApp(config, { ...options, clock });
  const { db, dialect } = t.database;

  async function send(user: TestUser, method: string, path: string, body?: unknown) {
    return t.request(`/api/v1${path}`, {
      method,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function ok<T = Record<string, unknown>>(response: Response, status = 200): Promise<T> {
    const text = await response.text();
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  return {
    t,
    clock,
    db,
    send,
    ok,
    async user(plan: 'free' | 'starter' | 'pro' = 'free') {
      const user = await createUser(t.auth);
      if (plan !== 'free') await t.grant(user.id, plan);
      return user;
    },
    async monitor(user: TestUser, name: string, extra: Record<string, unknown> = {}) {
      // A URL only for the http kind: the API refuses fields another kind does not have.
      const http = extra.kind === undefined || extra.kind === 'http';
      const url = `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`;
      const body = { name, ...(http ? { url } : {}), ...extra };
      return ok<{ id: string; name: string }>(await send(user, 'POST', '/monitors', body), 201);
    },
    async page(user: TestUser, input: Record<string, unknown>) {
      return ok<{ id: string; slug: string }>(await send(user, 'POST', '/status-pages', input), 201);
    },
    /** Sets a monitor's live status as the scheduler would leave it. */
    async setStatus(monitorId: string, status: 'up' | 'down' | 'degraded' | 'paused' | 'pending') {
      await db.updateTable('monitors').set({ status }).where('id', '=', monitorId).execute();
    },
    /**
     * Stores results through the scheduler's own path (raw rows, rollups, status changes), each
     * sample's status holding until the next. The automatic incidents its outages open are
     * cleared: a test that wants incidents makes its own.
     */
    async record(monitorId: string, samples: readonly Sample[]) {
      await recordSamples(db, dialect, monitorId, samples);
      await clearAutomaticIncidents(db, monitorId);
    },
    async get(path: string, headers: Record<string, string> = {}) {
      return t.app.request(path, { headers });
    },
    close: () => t.close(),
  };
}

export type StatusApp = Awaited<ReturnType<typeof createStatusApp>>;

export const NOT_AVAILABLE = 'Page Not Available: This status page is not available or may have been moved.';
