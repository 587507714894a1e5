// SOURCE_ADDRESS (`--source-address`): every kind of check leaves from the worker's own address.
// Loopback is a whole /8, so a target on 127.0.0.1 sees checks from 127.0.0.2 by their source.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsCheckRunner } from './dns.ts';
import { httpCheckRunner } from './http.ts';
import { createPingRunner, type PingExecutor, systemPing } from './ping.ts';
import { tcpCheckRunner } from './tcp.ts';
import { startDnsServer, type TestDnsServer } from './test/dns-server.ts';
import { closedAfterEach, testContext } from './test/targets.ts';

const SOURCE = '127.0.0.2';
const target = closedAfterEach();
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({ records: { 'example.test A': [{ address: '192.0.2.10' }] } });
});
afterAll(() => dns.close());

describe('checks with a source address', () => {
  it('make HTTP requests from it', async () => {
    const seen: string[] = [];
    const server = await target((req, res) => {
      seen.push(req.socket.remoteAddress ?? '');
      res.end('ok');
    });
    const result = await httpCheckRunner.run(
      { url: `${server.origin}/`, timeoutMs: 2000 },
      testContext({ localAddress: SOURCE }),
    );
    expect(result.status).toBe('up');
    expect(seen).toEqual([SOURCE]);
  });

  it('open TCP connections from it', async () => {
    const seen: string[] = [];
    const server = createServer((socket) => {
      seen.push(socket.remoteAddress ?? '');
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await tcpCheckRunner.run(
        {
          host: '127.0.0.1',
          port,
          tls: false,
          send: null,
          expect: null,
          timeoutMs: 2000,
          degradedAboveMs: null,
        },
        testContext({ localAddress: SOURCE }),
      );
      expect(result.status).toBe('up');
      expect(seen).toEqual([SOURCE]);
    } finally {
      server.close();
    }
  });

  it('ask their DNS resolver from it', async () => {
    const result = await dnsCheckRunner.run(
      {
        hostname: 'example.test',
        recordType: 'A',
        resolver: { address: dns.address, port: dns.port },
        match: 'resolves',
        expected: [],
        timeoutMs: 2000,
        degradedAboveMs: null,
      },
      testContext({ localAddress: SOURCE }),
    );
    expect(result.status).toBe('up');
    expect(dns.sources.at(-1)).toBe(SOURCE);
  });

  it('ping from it (iputils -I), and get an answer', async () => {
    const sources: (string | undefined)[] = [];
    const recording: PingExecutor = (address, family, options) => {
      sources.push(options.source);
      return systemPing()(address, family, options);
    };
    const result = await createPingRunner(recording).run(
      { host: '127.0.0.1', packets: 1, lossThresholdPercent: 100, timeoutMs: 3000, degradedAboveMs: null },
      testContext({ localAddress: SOURCE }),
    );
    expect(sources).toEqual([SOURCE]);
    expect(result.status).toBe('up');
  });
});
