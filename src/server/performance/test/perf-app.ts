// A test app on the fake clock for performance sites: act as a signed-in user of a plan.
import type { PerformanceSite } from '../../../core/api/performance.ts';
import type { TestUser } from '../../test/factories.ts';
import { createUserApp } from '../../test/user-app.ts';

export const START = Date.UTC(2026, 10, 22, 9, 0, 0);

export async function createPerfApp(options: { allowPrivateTargets?: boolean; trustProxy?: boolean } = {}) {
  const base = await createUserApp(START, options);
  const { send, json } = base;

  async function site(owner: TestUser, body: Record<string, unknown> = {}): Promise<PerformanceSite> {
    return json<PerformanceSite>(
      await send(owner, 'POST', '/performance/sites', { url: 'https://shop.example.com/', ...body }),
      201,
    );
  }

  return { ...base, site };
}

export type PerfApp = Awaited<ReturnType<typeof createPerfApp>>;

export async function errorOf(
  response: Response,
): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}
