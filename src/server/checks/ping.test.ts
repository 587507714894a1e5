import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../platform/net/address-policy.ts';
import { isLoopback, tableResolver } from '../platform/net/test/loopback-only.ts';
import {
  createPingRunner,
  type PingCheckConfig,
  type PingExecutor,
  parsePingOutput,
  systemPing,
} from './ping.ts';
import { testContext } from './test/targets.ts';

// Real ICMP, but only ever to loopback: the executor refuses any other address, so even a broken
// guard can never ping a real private address.
function loopbackOnly(execute: PingExecutor = systemPing()): PingExecutor & { attempts: string[] } {
  const attempts: string[] = [];
  const guarded: PingExecutor = (address, family, options) => {
    attempts.push(address);
    if (!isLoopback(address)) return Promise.reject(new Error(`test refused to ping ${address}`));
    return execute(address, family, options);
  };
  return Object.assign(guarded, { attempts });
}

function config(overrides: Partial<PingCheckConfig> = {}): PingCheckConfig {
  return {
    host: '127.0.0.1',
    packets: 3,
    lossThresholdPercent: 100,
    timeoutMs: 5000,
    degradedAboveMs: null,
    ...overrides,
  };
}

describe('the ping runner with the system ping', () => {
  it.each(['127.0.0.1', '::1'])('is up pinging %s, with RTT min/avg/max and no loss', async (host) => {
    const result = await createPingRunner(loopbackOnly()).run(config({ host }), testContext());
    expect(result).toMatchObject({ status: 'up', failure: null });
    expect(result.facts).toMatchObject({ packets: 3, received: 3, lossPercent: 0 });
    expect(result.facts?.rttMinMs).toBeGreaterThan(0);
    expect(result.facts?.rttMaxMs).toBeGreaterThanOrEqual(result.facts?.rttAvgMs ?? Infinity);
  });

  it('pings the address a name resolves to, never the name', async () => {
    const execute = loopbackOnly();
    const ctx = testContext({ resolve: tableResolver({ 'router.test': ['127.0.0.1'] }) });
    const result = await createPingRunner(execute).run(config({ host: 'router.test', packets: 1 }), ctx);
    expect(result.status).toBe('up');
    expect(execute.attempts).toEqual(['127.0.0.1']);
  });

  it('is degraded when the average RTT is above the threshold', async () => {
    const slow: PingExecutor = async () =>
      '3 packets transmitted, 3 received, 0% packet loss, time 402ms\nrtt min/avg/max/mdev = 80.1/120.5/160.2/30.0 ms\n';
    const result = await createPingRunner(slow).run(config({ degradedAboveMs: 100 }), testContext());
    expect(result).toMatchObject({ status: 'degraded', timings: { totalMs: 121 } });
  });

  it('fails with ping_unavailable when the ping binary is missing', async () => {
    const missing = loopbackOnly(systemPing('/nonexistent/ping'));
    const result = await createPingRunner(missing).run(config(), testContext());
    expect(result.failure).toEqual({
      code: 'ping_unavailable',
      message: 'The ping command is not installed (Debian: apt-get install iputils-ping).',
    });
  });

  it('fails with dns_failed for a name that does not resolve, pinging nothing', async () => {
    const execute = loopbackOnly();
    const ctx = testContext({ resolve: tableResolver({}) });
    const result = await createPingRunner(execute).run(config({ host: 'nowhere.test' }), ctx);
    expect(result.failure?.code).toBe('dns_failed');
    expect(execute.attempts).toEqual([]);
  });
});

describe('packet loss', () => {
  const LOSSY =
    '4 packets transmitted, 1 received, 75% packet loss, time 3004ms\nrtt min/avg/max/mdev = 0.040/0.040/0.040/0.000 ms\n';
  const SILENT = '3 packets transmitted, 0 received, 100% packet loss, time 2040ms\n';

  it('reads iputils summaries, with and without replies', () => {
    expect(parsePingOutput(LOSSY)).toEqual({
      packets: 4,
      received: 1,
      lossPercent: 75,
      rttMinMs: 0.04,
      rttAvgMs: 0.04,
      rttMaxMs: 0.04,
    });
    expect(parsePingOutput(SILENT)).toMatchObject({
      packets: 3,
      received: 0,
      lossPercent: 100,
      rttAvgMs: null,
    });
  });

  it('is down at the loss threshold and up below it', async () => {
    const lossy: PingExecutor = async () => LOSSY;
    const down = await createPingRunner(lossy).run(
      config({ packets: 4, lossThresholdPercent: 50 }),
      testContext(),
    );
    expect(down.failure).toEqual({
      code: 'packet_loss',
      message: '3 of 4 packets to 127.0.0.1 were lost (75%).',
    });
    const up = await createPingRunner(lossy).run(
      config({ packets: 4, lossThresholdPercent: 100 }),
      testContext(),
    );
    expect(up.status).toBe('up');
    const silent: PingExecutor = async () => SILENT;
    const all = await createPingRunner(silent).run(config(), testContext());
    expect(all.failure?.code).toBe('packet_loss');
  });
});

describe('the SSRF matrix for ping hosts', () => {
  const context = (allowPrivateTargets: boolean) =>
    testContext({
      allowPrivateTargets,
      resolve: tableResolver({ 'inside.test': ['10.1.2.3'] }),
      classify: classifyAddress,
    });

  it.each(['127.0.0.1', '::1', '10.0.0.1', '192.168.0.1', '169.254.169.254', 'inside.test'])(
    'refuses %s with private_target before pinging',
    async (host) => {
      const execute = loopbackOnly();
      const result = await createPingRunner(execute).run(config({ host }), context(false));
      expect(result.failure?.code).toBe('private_target');
      expect(execute.attempts).toEqual([]);
    },
  );

  it('pings loopback with private targets on, but never the metadata address', async () => {
    const execute = loopbackOnly();
    const allowed = await createPingRunner(execute).run(config({ packets: 1 }), context(true));
    expect(allowed.status).toBe('up');
    const metadata = await createPingRunner(execute).run(config({ host: '169.254.169.254' }), context(true));
    expect(metadata.failure?.code).toBe('private_target');
    expect(execute.attempts).toEqual(['127.0.0.1']);
  });
});
