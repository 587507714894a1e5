// Before/after figures from raw results, and deployments set beside the incidents that
// followed them (both directions: the incident lists the deployment, the deployment the incident).
import { afterEach, describe, expect, it } from 'vitest';
import { packOldResults } from '../history/pack-hours.ts';
import type { CheckStatus } from '../platform/db/schema.ts';
import { countResults, insertResults } from '../test/result-rows.ts';
import { createDeployApp, type DeployApp, START } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

const MINUTE = 60_000;

async function seedResults(monitorId: string, results: [offsetMs: number, CheckStatus, totalMs: number][]) {
  await insertResults(
    d.t.database.db,
    results.map(([offset, status, totalMs]) => ({
      monitor_id: monitorId,
      checked_at: START + offset,
      status,
      status_code: status === 'down' ? 503 : 200,
      total_ms: totalMs,
      failure_code: status === 'down' ? 'unexpected_status' : null,
    })),
  );
}

/** Computed here from the same inserted values, the plain way: sort, take the middle rank. */
function expected(results: [number, CheckStatus, number][]) {
  const answered = results.filter(([, status]) => status !== 'down').map(([, , ms]) => ms);
  answered.sort((a, b) => a - b);
  const down = results.length - answered.length;
  return {
    checks: results.length,
    p50Ms: answered.length === 0 ? null : (answered[Math.ceil(answered.length / 2) - 1] as number),
    errorRate: results.length === 0 ? null : down / results.length,
  };
}

describe('GET /api/v1/deployments/{id}/impact', () => {
  it("gives each monitor's checks, median and error rate in the hour before and the hour after", async () => {
    await impactOfOneDeployment({ packed: false });
  });

  it('reads the results packed by the hour for a deployment more than two days old', async () => {
    await impactOfOneDeployment({ packed: true });
  });
});

/** A deployment of two monitors, one checked around it; with `packed`, its results were packed first. */
async function impactOfOneDeployment({ packed }: { packed: boolean }) {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const api = await d.monitor(owner, 'https://api.example.com', 'API');
  const quiet = await d.monitor(owner, 'https://quiet.example.com', 'Quiet');
  const before: [number, CheckStatus, number][] = [
    [-59 * MINUTE, 'up', 120],
    [-40 * MINUTE, 'up', 100],
    [-20 * MINUTE, 'degraded', 300],
    [-10 * MINUTE, 'down', 10_000],
    [-1, 'up', 110],
  ];
  const after: [number, CheckStatus, number][] = [
    [0, 'up', 400],
    [10 * MINUTE, 'down', 30_000],
    [30 * MINUTE, 'up', 250],
    [60 * MINUTE - 1, 'down', 5],
  ];
  const outside: [number, CheckStatus, number][] = [
    [-60 * MINUTE - 1, 'down', 9_000],
    [60 * MINUTE, 'up', 9_000],
  ];
  await seedResults(api, [...before, ...after, ...outside]);
  if (packed) {
    const report = await packOldResults(d.t.database.db, START + 3 * 86_400_000);
    expect(report.checks).toBe(before.length + after.length + outside.length);
    expect(await countResults(d.t.database.db, api)).toBe(0);
  }
  const deployment = await d.deploy(owner, {
    version: 'v1.4.2',
    monitor_ids: [api, quiet],
    deployed_at: START,
  });

  const { impact } = await d.json<{ impact: unknown[] }>(
    await d.send(owner, 'GET', `/deployments/${deployment.id}/impact`),
    200,
  );
  expect(impact).toEqual([
    { monitorId: api, monitorName: 'API', before: expected(before), after: expected(after) },
    {
      monitorId: quiet,
      monitorName: 'Quiet',
      before: { checks: 0, p50Ms: null, errorRate: null },
      after: { checks: 0, p50Ms: null, errorRate: null },
    },
  ]);
  // The figures themselves, so a wrong helper above cannot hide a wrong answer.
  expect(expected(before)).toEqual({ checks: 5, p50Ms: 110, errorRate: 0.2 });
  expect(expected(after)).toEqual({ checks: 4, p50Ms: 250, errorRate: 0.5 });
}

describe('deployments beside incidents', () => {
  it('lists a deployment from 3 minutes before on the incident, and the incident on the deployment', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const shop = await d.monitor(owner, 'https://shop.example.com', 'Shop');
    const blog = await d.monitor(owner, 'https://blog.example.com', 'Blog');
    const old = await d.deploy(owner, {
      version: 'v1.4.0',
      monitor_ids: [shop],
      deployed_at: START - 31 * MINUTE,
    });
    const elsewhere = await d.deploy(owner, { version: 'v9', monitor_ids: [blog] });
    const recent = await d.deploy(owner, { version: 'v1.4.2', monitor_ids: [shop] });
    d.clock.advance(3 * MINUTE);
    const incident = await d.json<{ id: string }>(
      await d.send(owner, 'POST', '/incidents', { title: 'Checkout broken', monitorIds: [shop] }),
      201,
    );

    const detail = await d.json<{ deployments: unknown[] }>(
      await d.send(owner, 'GET', `/incidents/${incident.id}`),
      200,
    );
    expect(detail.deployments).toEqual([
      { id: recent.id, version: 'v1.4.2', provider: 'manual', deployedAt: START },
    ]);
    const linked = await d.json<{ incidentIds: string[] }>(
      await d.send(owner, 'GET', `/deployments/${recent.id}`),
      200,
    );
    expect(linked.incidentIds).toEqual([incident.id]);
    for (const other of [old, elsewhere]) {
      const unrelated = await d.json<{ incidentIds: string[] }>(
        await d.send(owner, 'GET', `/deployments/${other.id}`),
        200,
      );
      expect(unrelated.incidentIds).toEqual([]);
    }
  });

  it("shows another account's incident no deployment of mine", async () => {
    d = await createDeployApp();
    const a = await d.user('pro');
    const b = await d.user('pro');
    const aMonitor = await d.monitor(a, 'https://a.example.com', 'A');
    await d.deploy(a, { version: 'a1', monitor_ids: [aMonitor] });
    await d.monitor(b, 'https://b.example.com', 'B');
    await d.deploy(b, { version: 'b1' });
    d.clock.advance(MINUTE);
    const incident = await d.json<{ id: string }>(
      await d.send(b, 'POST', '/incidents', { title: 'Down' }),
      201,
    );
    const detail = await d.json<{ deployments: unknown[] }>(
      await d.send(b, 'GET', `/incidents/${incident.id}`),
      200,
    );
    expect(detail.deployments).toEqual([]);
  });
});
