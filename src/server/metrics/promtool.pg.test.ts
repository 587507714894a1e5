// Both metrics endpoints linted by the real promtool (Debian's prometheus package), as Prometheus
// reads a scrape. In the PostgreSQL suite, whose .ci/run step installs promtool: `npm test` needs
// nothing beyond `npm install`. A missing promtool fails these tests, naming the package.
import { collectDefaultMetrics, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResults } from '../recording/record.ts';
import type { TestUser } from '../test/factories.ts';
import { createUserApp } from '../test/user-app.ts';
import { INTERNAL_METRICS_PATH, internalMetrics } from './internal-endpoint.ts';
import { createProcessMetrics } from './process-metrics.ts';
import { promtoolCheckMetrics } from './test/promtool.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;
const TOKEN = 'scrape-me-please-0123';
let app: Awaited<ReturnType<typeof createUserApp>>;
let owner: TestUser;

async function create(body: Record<string, unknown>): Promise<string> {
  return (await app.json<{ id: string }>(await app.send(owner, 'POST', '/monitors', body), 201)).id;
}

beforeAll(async () => {
  app = await createUserApp(NOW);
  owner = await app.user('pro');
  const shop = await create({ name: 'Shop', url: 'https://shop.example.com' });
  const backup = await create({ name: 'Nightly backup', kind: 'heartbeat', periodSeconds: DAY / 1000 });
  const { db, dialect } = app.t.database;
  await db.updateTable('monitors').set({ claimed_by: 'w1' }).where('id', '=', shop).execute();
  const monitor = await db
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', shop)
    .executeTakeFirstOrThrow();
  const outcome = {
    checkedAt: NOW - 1000,
    region: 'eu-west',
    status: 'up' as const,
    statusCode: 200,
    timings: { totalMs: 120, dnsMs: 4, connectMs: 11, tlsMs: 23, ttfbMs: 70, downloadMs: 2 },
    responseBytes: 2,
    failure: null,
  };
  await recordResults(db, dialect, 'w1', [{ monitor, outcome }], 1000);
  await db
    .updateTable('monitors')
    .set({ last_ping_at: NOW - 3_600_000 })
    .where('id', '=', backup)
    .execute();
});
afterAll(async () => {
  await app.t.close();
});

describe('promtool check metrics', () => {
  it('passes on a workspace /metrics with phases, check durations and heartbeats', async () => {
    const { key } = await app.json<{ key: string }>(
      await app.send(owner, 'POST', '/api-keys', { name: 'Prometheus', role: 'viewer' }),
      201,
    );
    const response = await app.t.request('/metrics', { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const family of [
      'upwatch_check_phase_seconds',
      'upwatch_heartbeat_last_ping_timestamp_seconds',
      'upwatch_monitor_stale',
      'upwatch_monitor_last_check_timestamp_seconds',
    ])
      expect(text).toContain(`${family}{`);
    expect(text).toContain('upwatch_check_duration_seconds_bucket{');
    expect(await promtoolCheckMetrics(text)).toEqual({ code: 0, problems: '' });
  });

  it("passes on /internal/metrics, where prom-client's own default names are refused", async () => {
    const metrics = createProcessMetrics();
    metrics.checks.claimed(3);
    metrics.checks.started(1_000, 1_020);
    metrics.deliveryRetried();
    metrics.watchQueue(() => ({ inFlight: 1, armed: 2, queued: 0 }));
    metrics.watchLag(() => ({ lagMs: 45_000, late: true }));
    metrics.watchResults(() => ({ waiting: 4, lost: 1 }));
    const request = new Request(`http://localhost${INTERNAL_METRICS_PATH}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const response = await internalMetrics(metrics, TOKEN)(request);
    const body = await (response as Response).text();
    expect(body).toContain('# TYPE nodejs_active_handles gauge');
    expect(body).toContain('upwatch_scheduler_lag_p99_seconds 45');
    expect(body).toContain('upwatch_scheduler_late 1');
    expect(body).toContain('upwatch_check_results_lost_total 1');
    expect(await promtoolCheckMetrics(body)).toEqual({ code: 0, problems: '' });

    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    const refused = await promtoolCheckMetrics(await defaults.metrics());
    expect(refused.code).toBe(3);
    expect(refused.problems).toContain(
      'nodejs_active_handles_total non-counter metrics should not have "_total" suffix',
    );
  });
});
