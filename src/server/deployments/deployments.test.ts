// Recording and reading deployments through /api/v1: the landing page's CI example with a key,
// the default monitor selection, validation codes, the apiAccess gate, tenant isolation, paging.
import { afterEach, describe, expect, it } from 'vitest';
import { ciCommand } from '../../web/pages/landing/ci-example.tsx';
import { TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createDeployApp, type DeployApp, errorOf, START } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

async function createKey(owner: Parameters<DeployApp['send']>[0]): Promise<string> {
  return (await d.json<{ key: string }>(await d.send(owner, 'POST', '/api-keys', { name: 'CI' }), 201)).key;
}

/** Runs the landing page's curl command as written: its URL, headers and body, with the key filled in. */
function runCiExample(key: string) {
  const command = ciCommand(TEST_PUBLIC_URL).replace('{key}', key);
  const url = command.match(/^curl -X POST (\S+)/)?.[1] ?? '';
  const headers = Object.fromEntries(
    [...command.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
  const body = command.match(/-d '([^']+)'/)?.[1] ?? '';
  expect(JSON.parse(body)).toEqual({ version: 'v1.4.2', trigger_checks: true });
  return Promise.resolve(
    d.t.app.request(url.replace(TEST_PUBLIC_URL, ''), { method: 'POST', headers, body }),
  );
}

describe('POST /api/v1/deployments', () => {
  it("works exactly like the landing page's CI example with a bearer key", async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const shop = await d.monitor(owner, 'https://shop.example.com', 'Shop');
    const blog = await d.monitor(owner, 'https://blog.example.com', 'Blog');
    const paused = await d.monitor(owner, 'https://old.example.com', 'Old');
    await d.send(owner, 'POST', `/monitors/${paused}/pause`);
    const key = await createKey(owner);

    const deployment = await d.json<Record<string, unknown>>(await runCiExample(key), 201);
    expect(deployment).toMatchObject({
      provider: 'api',
      version: 'v1.4.2',
      environment: 'production',
      status: 'succeeded',
      deployedAt: START,
      createdAt: START,
      incidentIds: [],
    });
    // No url: every monitor of the account; the paused one gets no check.
    expect([...(deployment.monitorIds as string[])].sort()).toEqual([shop, blog, paused].sort());
    expect([...(deployment.triggeredMonitorIds as string[])].sort()).toEqual([shop, blog].sort());
    const due = await d.t.database.db
      .selectFrom('monitors')
      .select(['id', 'check_reason', 'next_run_at'])
      .where('check_reason', '=', 'deployment')
      .execute();
    expect(due.map((row) => row.id).sort()).toEqual([shop, blog].sort());
    expect(due.every((row) => row.next_run_at === START)).toBe(true);
  });

  it('records a deployment from the app (session) as manual, with every field', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const deployment = await d.deploy(owner, {
      version: 'v2.0.0',
      environment: 'staging',
      commit_sha: 'ABCDEF1234567',
      branch: 'release/2.0',
      url: 'https://staging.example.com',
      status: 'failed',
      deployed_at: START - 60_000,
    });
    expect(deployment).toMatchObject({
      provider: 'manual',
      version: 'v2.0.0',
      environment: 'staging',
      commitSha: 'abcdef1234567',
      branch: 'release/2.0',
      url: 'https://staging.example.com',
      status: 'failed',
      providerUrl: null,
      deployedAt: START - 60_000,
      monitorIds: [],
      triggeredMonitorIds: [],
    });
    expect(await d.json(await d.send(owner, 'GET', `/deployments/${deployment.id}`), 200)).toEqual(
      deployment,
    );
  });

  it('affects the monitors on the host of url, or the named monitor_ids', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const shop = await d.monitor(owner, 'https://shop.example.com/health', 'Shop health');
    const shopHome = await d.monitor(owner, 'https://shop.example.com', 'Shop home');
    const blog = await d.monitor(owner, 'https://blog.example.com', 'Blog');
    const onHost = await d.deploy(owner, { url: 'https://shop.example.com/releases/42' });
    expect([...onHost.monitorIds].sort()).toEqual([shop, shopHome].sort());
    expect(onHost.triggeredMonitorIds).toEqual([]);
    expect((await d.deploy(owner, { url: 'https://nothing.example.com' })).monitorIds).toEqual([]);
    expect(
      (await d.deploy(owner, { monitor_ids: [blog, blog], url: 'https://shop.example.com' })).monitorIds,
    ).toEqual([blog]);
  });

  it('answers an invalid body with 422, malformed JSON and a bad query with 400, each with a code', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const cases: [unknown, string, string][] = [
      [
        { commit_sha: 'not-a-sha' },
        'validation_failed',
        'commit_sha: commit_sha must be a hexadecimal commit hash.',
      ],
      [
        { version: 'v'.repeat(101) },
        'validation_failed',
        'version: The version is limited to 100 characters.',
      ],
      [
        { monitor_ids: Array.from({ length: 101 }, (_, i) => `m${i}`) },
        'validation_failed',
        'monitor_ids: At most 100 monitors per deployment.',
      ],
      [{ status: 'maybe' }, 'validation_failed', ''],
      [{ trigger_checks: 'yes' }, 'validation_failed', ''],
      [{ url: 'ftp://example.com' }, 'validation_failed', ''],
    ];
    for (const [body, code, message] of cases) {
      const response = await d.send(owner, 'POST', '/deployments', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      if (message) expect(error.message).toBe(message);
    }
    const malformed = await d.t.request('/api/v1/deployments', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: '{"version":',
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe('invalid_json');
    const list = await d.send(owner, 'GET', '/deployments?cursor=bogus');
    expect((await errorOf(list)).code).toBe('invalid_cursor');
    const range = await d.send(owner, 'GET', `/deployments?from=${START}&to=${START - 1}`);
    expect(range.status).toBe(400);
    expect((await errorOf(range)).code).toBe('invalid_range');
    expect(await d.storedDeployments()).toBe(0);
  });

  it('needs API access: Free and Starter get 403 feature_not_in_plan on every deployments route', async () => {
    d = await createDeployApp();
    for (const plan of ['free', 'starter'] as const) {
      const user = await d.user(plan);
      const routes: [string, string, unknown?][] = [
        ['POST', '/deployments', { version: 'v1' }],
        ['GET', '/deployments'],
        ['GET', '/deployments/any'],
        ['GET', '/deployments/any/impact'],
        ['GET', '/deployment-webhooks'],
        ['PUT', '/deployment-webhooks/github'],
        ['DELETE', '/deployment-webhooks/github'],
      ];
      for (const [method, path, body] of routes) {
        const response = await d.send(user, method, path, body);
        expect(response.status, `${plan} ${method} ${path}`).toBe(403);
        expect(await errorOf(response)).toEqual({
          code: 'feature_not_in_plan',
          message: 'Deployment monitoring requires the Pro plan or higher.',
        });
      }
    }
    expect(await d.storedDeployments()).toBe(0);
  });
});

describe('reading deployments', () => {
  it("keeps each account's deployments and monitors to itself", async () => {
    d = await createDeployApp();
    const a = await d.user('pro');
    const b = await d.user('pro');
    const aMonitor = await d.monitor(a, 'https://a.example.com', 'A');
    const bMonitor = await d.monitor(b, 'https://b.example.com', 'B');
    const aDeployment = await d.deploy(a, { version: 'a1' });
    expect(aDeployment.monitorIds).toEqual([aMonitor]);

    const bDeployment = await d.deploy(b, { version: 'b1', trigger_checks: true });
    expect(bDeployment.monitorIds).toEqual([bMonitor]);
    for (const path of [`/deployments/${aDeployment.id}`, `/deployments/${aDeployment.id}/impact`]) {
      const response = await d.send(b, 'GET', path);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code).toBe('deployment_not_found');
    }
    const listed = await d.json<{ deployments: { id: string }[] }>(
      await d.send(b, 'GET', '/deployments'),
      200,
    );
    expect(listed.deployments.map((x) => x.id)).toEqual([bDeployment.id]);
    const foreignFilter = await d.send(b, 'GET', `/deployments?monitor_id=${aMonitor}`);
    expect(foreignFilter.status).toBe(404);
    expect((await errorOf(foreignFilter)).code).toBe('monitor_not_found');
    const foreignTarget = await d.send(b, 'POST', '/deployments', {
      monitor_ids: [bMonitor, aMonitor],
      trigger_checks: true,
    });
    expect(foreignTarget.status).toBe(404);
    expect(await errorOf(foreignTarget)).toEqual({
      code: 'monitor_not_found',
      message: `No monitor with the id ${aMonitor} exists in your account.`,
    });
    const aRow = await d.t.database.db
      .selectFrom('monitors')
      .select('check_reason')
      .where('id', '=', aMonitor)
      .executeTakeFirstOrThrow();
    expect(aRow.check_reason).toBeNull();
    expect(await d.storedDeployments()).toBe(2);
  });

  it('pages newest first and filters by monitor and time', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const shop = await d.monitor(owner, 'https://shop.example.com', 'Shop');
    const blog = await d.monitor(owner, 'https://blog.example.com', 'Blog');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const monitor = i % 2 === 0 ? shop : blog;
      ids.push(
        (await d.deploy(owner, { version: `v${i}`, monitor_ids: [monitor], deployed_at: START + i * 60_000 }))
          .id,
      );
    }
    type Page = { deployments: { id: string }[]; nextCursor: string | null };
    const first = await d.json<Page>(await d.send(owner, 'GET', '/deployments?limit=2'), 200);
    expect(first.deployments.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    const second = await d.json<Page>(
      await d.send(owner, 'GET', `/deployments?limit=2&cursor=${first.nextCursor}`),
      200,
    );
    expect(second.deployments.map((x) => x.id)).toEqual([ids[2], ids[1]]);
    const last = await d.json<Page>(
      await d.send(owner, 'GET', `/deployments?limit=2&cursor=${second.nextCursor}`),
      200,
    );
    expect(last).toEqual({ deployments: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const ofShop = await d.json<Page>(await d.send(owner, 'GET', `/deployments?monitor_id=${shop}`), 200);
    expect(ofShop.deployments.map((x) => x.id)).toEqual([ids[4], ids[2], ids[0]]);
    const inRange = await d.json<Page>(
      await d.send(owner, 'GET', `/deployments?from=${START + 60_000}&to=${START + 180_000}`),
      200,
    );
    expect(inRange.deployments.map((x) => x.id)).toEqual([ids[3], ids[2], ids[1]]);
  });
});
