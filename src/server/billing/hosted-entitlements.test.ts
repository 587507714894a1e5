// The product's limits when BILLING_PROVIDER=autumn: the app talks to a hosted-shaped stub
// (backed by a local engine on the same database) and never touches balances itself.
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../platform/clock.ts';
import { createLogger } from '../platform/logger.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { buildApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { createBilling } from './create-billing.ts';
import { type HostedStub, startHostedStub } from './test/hosted-stub.ts';

const SECRET = 'am_sk_test_hosted';
let database: TestDatabase;
let stub: HostedStub;
afterEach(async () => {
  await stub?.close();
  await database?.destroy();
});

async function setup() {
  database = await createTestDatabase();
  const upstream = createBilling({
    database,
    clock: systemClock,
    logger: createLogger('silent'),
    publicUrl: 'http://upstream.test',
  });
  stub = await startHostedStub(upstream.provider, SECRET);
  const app = buildApp(database, { billing: { kind: 'autumn', apiUrl: stub.url, secretKey: SECRET } });
  const user = await createUser(app.auth);
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', 'http://localhost:3000');
    headers.set('cookie', user.cookie);
    headers.set('content-type', 'application/json');
    return Promise.resolve(app.app.request(path, { ...init, headers }));
  };
  return { app, user, request, upstream };
}

const addMonitor = (request: (p: string, i?: RequestInit) => Promise<Response>, n: number) =>
  request('/api/v1/monitors', {
    method: 'POST',
    body: JSON.stringify({ name: `Site ${n}`, url: `https://site${n}.example.com` }),
  });

async function monitorUsage(upstream: ReturnType<typeof createBilling>, user: TestUser) {
  const customer = (await upstream.provider.customer({ id: user.id }, {})) as {
    features: { monitors: { usage: number } };
  };
  return customer.features.monitors.usage;
}

describe('entitlements through the hosted provider', () => {
  it('sign-up creates the customer upstream; monitor writes are tracked after they commit', async () => {
    const { request, user, upstream } = await setup();
    expect(stub.requests.some((r) => r.path === '/v1/customers')).toBe(true);
    expect((await addMonitor(request, 1)).status).toBe(201);
    const second = await addMonitor(request, 2);
    expect(await monitorUsage(upstream, user)).toBe(2);
    const id = (await second.json()).id;
    expect((await request(`/api/v1/monitors/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await monitorUsage(upstream, user)).toBe(1);
    const tracks = stub.requests.filter((r) => r.path === '/v1/track').map((r) => r.body);
    expect(tracks).toEqual([
      { feature_id: 'monitors', value: 1, customer_id: user.id },
      { feature_id: 'monitors', value: 1, customer_id: user.id },
      { feature_id: 'monitors', value: -1, customer_id: user.id },
    ]);
    const plan = await (await request('/api/v1/me/plan')).json();
    expect(plan).toMatchObject({ plan: 'free', limits: { monitors: { used: 1, remaining: 4 } } });
  });

  it('refuses the sixth monitor on free, and the reconcile corrects a lost track', async () => {
    const { app, request, user, upstream } = await setup();
    for (let n = 0; n < 5; n++) expect((await addMonitor(request, n)).status).toBe(201);
    const refused = await addMonitor(request, 6);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('monitor_limit_reached');

    await upstream.provider.track(user.id, { feature_id: 'monitors', value: -3 });
    expect(await monitorUsage(upstream, user)).toBe(2);
    expect(await app.billing.periodic()).toBe(1);
    expect(await monitorUsage(upstream, user)).toBe(5);
    expect(await app.billing.periodic()).toBe(0);
  });

  it('the browser’s /api/billing calls are forwarded with the session’s customer', async () => {
    const { request, user } = await setup();
    const response = await request('/api/billing/check', {
      method: 'POST',
      body: JSON.stringify({ featureId: 'ssl_monitoring', customerId: 'someone-else' }),
    });
    expect(await response.json()).toMatchObject({ allowed: true, customer_id: user.id });
    expect(stub.requests.at(-1)?.body).toEqual({ feature_id: 'ssl_monitoring', customer_id: user.id });
  });
});
