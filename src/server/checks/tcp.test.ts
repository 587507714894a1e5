import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../platform/net/address-policy.ts';
import { tableResolver } from '../platform/net/test/loopback-only.ts';
import { tcpCheckRunner as runner, type TcpCheckConfig } from './tcp.ts';
import { createTestCertificates, type TestCertificates } from './test/certificates.ts';
import { testContext } from './test/targets.ts';

// Real servers on loopback: an echo server, a banner server (like SMTP's "220"), a silent one,
// a TLS one, and a port nobody listens on.
const servers: Server[] = [];
const sockets = new Set<Socket>();
let echoPort: number;
let bannerPort: number;
let silentPort: number;
let tlsPort: number;
let closedPort: number;
let slowBannerPort: number;
let publicPort: number;
let echoV6Port: number;
let certs: TestCertificates;

async function listen(server: Server, host = '127.0.0.1'): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  certs = createTestCertificates();
  echoPort = await listen(createServer((socket) => socket.pipe(socket)));
  echoV6Port = await listen(
    createServer((socket) => socket.pipe(socket)),
    '::1',
  );
  bannerPort = await listen(createServer((socket) => socket.write('220 mail.test ESMTP ready\r\n')));
  silentPort = await listen(createServer(() => {}));
  // Linux routes all of 127/8 to loopback; the tests treat 127.0.0.2 as a "public" address.
  publicPort = await listen(
    createServer((socket) => socket.pipe(socket)),
    '127.0.0.2',
  );
  slowBannerPort = await listen(
    createServer((socket) => {
      const timer = setTimeout(() => socket.write('ready\r\n'), 120);
      socket.on('close', () => clearTimeout(timer));
    }),
  );
  tlsPort = await listen(
    createTlsServer({ key: certs.key, cert: certs.validCert }, (socket) => socket.write('+OK secure\r\n')),
  );
  const spare = createServer();
  closedPort = await listen(spare);
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(
    servers
      .filter((server) => server.listening)
      .map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

function config(overrides: Partial<TcpCheckConfig>): TcpCheckConfig {
  return {
    host: '127.0.0.1',
    port: echoPort,
    tls: false,
    send: null,
    expect: null,
    timeoutMs: 2000,
    degradedAboveMs: null,
    ...overrides,
  };
}

describe('the TCP runner against real loopback servers', () => {
  it('is up when the port accepts, with DNS, connect and total timings', async () => {
    const result = await runner.run(config({}), testContext());
    expect(result).toMatchObject({ status: 'up', failure: null, tls: null, firstBytes: null });
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(0);
    expect(
      result.timings.dnsMs + result.timings.connectMs + result.timings.tlsMs + result.timings.ttfbMs,
    ).toBe(result.timings.totalMs);
  });

  it('reaches an IPv6 host', async () => {
    const result = await runner.run(config({ host: '::1', port: echoV6Port }), testContext());
    expect(result.status).toBe('up');
  });

  it('sends a line and finds the expected text in the echo', async () => {
    const result = await runner.run(config({ send: 'PING\r\n', expect: 'PING' }), testContext());
    expect(result).toMatchObject({ status: 'up', firstBytes: 'PING\r\n' });
  });

  it('reads a banner without sending anything', async () => {
    const result = await runner.run(config({ port: bannerPort, expect: '220 ' }), testContext());
    expect(result).toMatchObject({ status: 'up', firstBytes: '220 mail.test ESMTP ready\r\n' });
  });

  it('fails with expect_mismatch when the first bytes lack the expected text', async () => {
    const result = await runner.run(config({ send: 'hello', expect: '+PONG' }), testContext());
    expect(result.status).toBe('down');
    expect(result.failure).toEqual({
      code: 'expect_mismatch',
      message: `Expected "+PONG" in the first bytes from 127.0.0.1:${echoPort}, got "hello".`,
    });
  });

  it('fails with connection_refused on a port nobody listens on', async () => {
    const result = await runner.run(config({ port: closedPort }), testContext());
    expect(result.failure).toEqual({
      code: 'connection_refused',
      message: `Could not connect to 127.0.0.1:${closedPort} (connection refused).`,
    });
  });

  it('times out when the expected text never comes', async () => {
    const result = await runner.run(
      config({ port: silentPort, expect: 'hello', timeoutMs: 300 }),
      testContext(),
    );
    expect(result.failure?.code).toBe('timeout');
    expect(result.failure?.message).toBe('No answer within 300 ms (timed out waiting for the response).');
  });

  it('fails with dns_failed for a name that does not resolve', async () => {
    const ctx = testContext({ resolve: tableResolver({}) });
    const result = await runner.run(config({ host: 'nowhere.test' }), ctx);
    expect(result.failure?.code).toBe('dns_failed');
    expect(ctx.attempts).toEqual([]);
  });

  it('speaks TLS to a trusted server and reads its certificate', async () => {
    const result = await runner.run(
      config({ host: 'localhost', port: tlsPort, tls: true, expect: '+OK' }),
      testContext({ ca: [certs.ca], resolve: tableResolver({ localhost: ['127.0.0.1'] }) }),
    );
    expect(result).toMatchObject({ status: 'up', firstBytes: '+OK secure\r\n' });
    expect(result.tls).toMatchObject({ authorized: true });
    expect(result.tls?.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(result.tls?.validTo).toBeGreaterThan(Date.now());
  });

  it('fails with tls_error when the certificate is not trusted', async () => {
    const result = await runner.run(config({ port: tlsPort, tls: true }), testContext());
    expect(result.failure?.code).toBe('tls_error');
    expect(result.failure?.message).toMatch(/^TLS failed for 127\.0\.0\.1:\d+: /);
  });

  it('fails with tls_error when TLS is asked of a plain-text port', async () => {
    const result = await runner.run(config({ port: bannerPort, tls: true, timeoutMs: 2000 }), testContext());
    expect(result.status).toBe('down');
    expect(result.failure?.code).toBe('tls_error');
  });

  it('is degraded when slower than the threshold, and up when not', async () => {
    const slow = await runner.run(
      config({ port: slowBannerPort, expect: 'ready', degradedAboveMs: 50 }),
      testContext(),
    );
    expect(slow).toMatchObject({ status: 'degraded', failure: null });
    expect(slow.timings.ttfbMs).toBeGreaterThanOrEqual(50);
    const fast = await runner.run(
      config({ port: bannerPort, expect: '220', degradedAboveMs: 1000 }),
      testContext(),
    );
    expect(fast.status).toBe('up');
  });
});

// Every socket goes through a connector that throws on any non-loopback address, so even a broken
// guard can never reach a real private address.
describe('the SSRF matrix for TCP hosts', () => {
  const context = (allowPrivateTargets: boolean) =>
    testContext({
      allowPrivateTargets,
      resolve: tableResolver({ 'public.test': ['127.0.0.2'], 'inside.test': ['10.1.2.3'] }),
      classify: (address) => (address === '127.0.0.2' ? 'public' : classifyAddress(address)),
    });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.0.0.1',
    '100.64.0.1',
    '169.254.169.254',
    'inside.test',
  ])('refuses %s with private_target before connecting', async (host) => {
    const ctx = context(false);
    const result = await runner.run(config({ host }), ctx);
    expect(result.failure?.code).toBe('private_target');
    expect(ctx.attempts).toEqual([]);
  });

  it('connects to a public address', async () => {
    const ctx = context(false);
    const result = await runner.run(config({ host: 'public.test', port: publicPort }), ctx);
    expect(ctx.attempts).toEqual(['127.0.0.2']);
    expect(result.status).toBe('up');
  });

  it('lets loopback through with private targets on, but never the metadata address', async () => {
    const allowed = await runner.run(config({}), context(true));
    expect(allowed.status).toBe('up');
    const ctx = context(true);
    const metadata = await runner.run(config({ host: '169.254.169.254' }), ctx);
    expect(metadata.failure?.code).toBe('private_target');
    expect(ctx.attempts).toEqual([]);
  });

  it('lets the guard pass a private address with private targets on, which only the test connector stops', async () => {
    const ctx = context(true);
    const result = await runner.run(config({ host: '10.0.0.1' }), ctx);
    expect(result.failure?.code).toBe('connection_refused');
    expect(ctx.attempts).toEqual(['10.0.0.1']);
  });
});
