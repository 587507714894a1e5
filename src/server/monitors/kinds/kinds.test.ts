import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../checks/test/dns-server.ts';
import { ManualClock } from '../../platform/clock.ts';
import { pump, testCheckJob } from '../../test/check-job-harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { apiAs } from '../../test/http.ts';
import { countResults, storedResults } from '../../test/result-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Monitor kinds through the API and the check job, against real servers on 127.0.0.1.
const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;
let user: TestUser;
let tcp: Server;
let tcpPort: number;
let dns: TestDnsServer;

beforeEach(async () => {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, allowPrivateTargets: true });
  user = await createUser(t.auth);
  await t.grant(user.id, 'pro');
  tcp = createServer((socket) => socket.end('+PONG\r\n'));
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as { port: number }).port;
  dns = await startDnsServer({ records: { 'example.test A': [{ address: '192.0.2.10' }] } });
});
afterEach(async () => {
  await new Promise((resolve) => tcp.close(resolve));
  await dns.close();
  await t.close();
});

const send = (method: string, path: string, body?: unknown) => apiAs(t, user.cookie).send(method, path, body);
const create = (body: Record<string, unknown>) => apiAs(t, user.cookie).create('/monitors', body);

const job = () => testCheckJob(t, clock);
const statusOf = async (id: string) => (await (await send('GET', `/monitors/${id}`)).json()).status;

describe('monitor kinds through the API', () => {
  it('creates an http monitor when no kind is given, answering its kind and target', async () => {
    const monitor = await create({ name: 'Site', url: 'https://example.com/health' });
    expect(monitor).toMatchObject({ kind: 'http', target: 'https://example.com/health', method: 'GET' });
  });

  it('creates a tcp monitor with its defaults and answers its fields at the top level', async () => {
    const monitor = await create({ kind: 'tcp', name: 'Redis', host: '127.0.0.1', port: tcpPort });
    expect(monitor).toMatchObject({
      kind: 'tcp',
      host: '127.0.0.1',
      port: tcpPort,
      tls: false,
      send: null,
      expect: null,
      target: `127.0.0.1:${tcpPort}`,
      status: 'pending',
    });
    expect(monitor).not.toHaveProperty('url');
  });

  it('creates a dns monitor and lists every kind together', async () => {
    await create({ kind: 'tcp', name: 'Redis', host: '127.0.0.1', port: tcpPort });
    await create({
      kind: 'dns',
      name: 'Apex',
      hostname: 'example.test',
      recordType: 'A',
      resolver: `127.0.0.1:${dns.port}`,
      match: 'any',
      expected: ['192.0.2.10'],
    });
    const list = await (await send('GET', '/monitors')).json();
    expect(list.monitors.map((m: { kind: string; target: string }) => [m.kind, m.target]).sort()).toEqual([
      ['dns', `example.test A @127.0.0.1:${dns.port}`],
      ['tcp', `127.0.0.1:${tcpPort}`],
    ]);
  });

  it.each([
    [{ kind: 'tcp', name: 'x', host: 'db.example.com' }, 'port: Enter a port number.'],
    [{ kind: 'tcp', name: 'x', host: 'db.example.com', port: 70000 }, 'port: Ports run from 1 to 65535.'],
    [{ kind: 'tcp', name: 'x', host: 'http://db.example.com', port: 5432 }, 'host: Enter a host name or IP'],
    [{ kind: 'dns', name: 'x', hostname: 'example.com', recordType: 'PTR' }, 'recordType:'],
    [
      { kind: 'dns', name: 'x', hostname: 'example.com', match: 'all' },
      'expected: Enter at least one expected value.',
    ],
    [
      { kind: 'dns', name: 'x', hostname: 'example.com', resolver: 'dns.google' },
      'resolver: Enter the resolver as an IP',
    ],
    [{ kind: 'ping', name: 'x', host: '127.0.0.1', packets: 50 }, 'packets: Send at most 10 packets.'],
    [{ kind: 'smtp', name: 'x' }, 'kind: kind must be one of http, tcp, ping, dns, heartbeat.'],
  ])('refuses %j with validation_failed naming the field', async (body, message) => {
    const response = await send('POST', '/monitors', body);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message.startsWith(message)).toBe(true);
    const list = await (await send('GET', '/monitors')).json();
    expect(list.monitors).toEqual([]);
  });

  it('refuses a private TCP host and a private resolver with private_target when they are not allowed', async () => {
    const strict = await createTestApp({}, { clock });
    try {
      const owner = await createUser(strict.auth);
      const post = (body: unknown) =>
        strict.request('/api/v1/monitors', {
          method: 'POST',
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const host = await post({ kind: 'tcp', name: 'x', host: '10.0.0.5', port: 22 });
      expect(host.status).toBe(422);
      expect((await host.json()).error.code).toBe('private_target');
      const resolver = await post({
        kind: 'dns',
        name: 'x',
        hostname: 'example.com',
        resolver: '169.254.169.254',
      });
      expect(resolver.status).toBe(422);
      expect((await resolver.json()).error.code).toBe('private_target');
    } finally {
      await strict.close();
    }
  });

  it('updates a kind field alone, re-validated with the rest of its kind, and refuses another kind’s field', async () => {
    const monitor = await create({ kind: 'tcp', name: 'Redis', host: '127.0.0.1', port: tcpPort });
    const updated = await (await send('PATCH', `/monitors/${monitor.id}`, { port: 6380, tls: true })).json();
    expect(updated).toMatchObject({
      kind: 'tcp',
      host: '127.0.0.1',
      port: 6380,
      tls: true,
      target: '127.0.0.1:6380 (TLS)',
    });

    const foreign = await send('PATCH', `/monitors/${monitor.id}`, { url: 'https://example.com' });
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).error).toEqual({
      code: 'validation_failed',
      message: 'url: tcp monitors have no url field.',
    });
    const bad = await send('PATCH', `/monitors/${monitor.id}`, { port: 0 });
    expect(bad.status).toBe(422);
    expect((await (await send('GET', `/monitors/${monitor.id}`)).json()).port).toBe(6380);
  });
});

describe('monitor kinds in the check job', () => {
  it('checks a tcp monitor: up with connect timings stored, down with the failure when the port closes', async () => {
    const monitor = await create({
      kind: 'tcp',
      name: 'Redis',
      host: '127.0.0.1',
      port: tcpPort,
      expect: 'PONG',
      intervalSeconds: 60,
    });
    const worker = job();
    await pump(worker, async () => (await statusOf(monitor.id)) === 'up');
    const results = await (await send('GET', `/monitors/${monitor.id}/results`)).json();
    expect(results.results[0]).toMatchObject({ status: 'up', statusCode: null, failure: null });

    await new Promise((resolve) => tcp.close(resolve));
    clock.advance(60_000);
    await pump(worker, async () => (await countResults(t.database.db, monitor.id)) === 2);
    clock.advance(15_000);
    await pump(worker, async () => (await statusOf(monitor.id)) === 'down');
    const [latest] = (await (await send('GET', `/monitors/${monitor.id}/results`)).json()).results;
    expect(latest.failure).toMatchObject({ code: 'connection_refused' });
    tcp = createServer();
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  });

  it('pings a ping monitor and stores its round-trip facts with the result', async () => {
    const monitor = await create({ kind: 'ping', name: 'Gateway', host: '127.0.0.1', packets: 2 });
    expect(monitor).toMatchObject({
      kind: 'ping',
      host: '127.0.0.1',
      packets: 2,
      lossThresholdPercent: 100,
      target: '127.0.0.1',
    });
    await pump(job(), async () => (await statusOf(monitor.id)) === 'up');
    const [row] = await storedResults(t.database.db, monitor.id);
    expect(JSON.parse(row?.facts ?? 'null')).toMatchObject({ packets: 2, received: 2, lossPercent: 0 });
    const { results } = await (await send('GET', `/monitors/${monitor.id}/results`)).json();
    expect(results[0]).toMatchObject({
      status: 'up',
      ping: { packets: 2, received: 2, lossPercent: 0, rttMinMs: expect.any(Number) },
    });
    expect(results[0]).not.toHaveProperty('answers');
  });

  it('checks a dns monitor and stores its answer set with the result', async () => {
    const monitor = await create({
      kind: 'dns',
      name: 'Apex',
      hostname: 'example.test',
      resolver: `127.0.0.1:${dns.port}`,
      match: 'all',
      expected: ['192.0.2.10'],
    });
    await pump(job(), async () => (await statusOf(monitor.id)) === 'up');
    const [row] = await storedResults(t.database.db, monitor.id);
    expect(row?.status).toBe('up');
    expect(JSON.parse(row?.facts ?? 'null')).toEqual({ answers: ['192.0.2.10'] });
    const { results } = await (await send('GET', `/monitors/${monitor.id}/results`)).json();
    expect(results[0]).toMatchObject({ answers: ['192.0.2.10'] });
    expect(results[0]).not.toHaveProperty('ping');
  });
});

describe('domain expiry for every kind with a host', () => {
  it.each([
    [{ name: 'Site', url: 'https://www.shop.example.co.uk/health' }, 'example.co.uk'],
    [{ kind: 'tcp', name: 'DB', host: 'db.internal-shop.com', port: 5432 }, 'internal-shop.com'],
    [{ kind: 'dns', name: 'Apex', hostname: 'mail.example.org', recordType: 'MX' }, 'example.org'],
  ])('watches the registrable domain of %j by default, and stops when turned off', async (body, domain) => {
    const monitor = await create(body);
    expect(monitor.domainExpiry).toBe(true);
    const watched = await (await send('GET', `/monitors/${monitor.id}/domain`)).json();
    expect(watched).toMatchObject({ enabled: true, domain });
    const off = await (await send('PATCH', `/monitors/${monitor.id}`, { domainExpiry: false })).json();
    expect(off.domainExpiry).toBe(false);
    const none = await (await send('GET', `/monitors/${monitor.id}/domain`)).json();
    expect(none).toMatchObject({ enabled: false, domain: null });
  });
});
