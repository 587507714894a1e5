import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../platform/net/address-policy.ts';
import { type DnsCheckConfig, dnsCheckRunner as runner } from './dns.ts';
import { startDnsServer, type TestDnsServer } from './test/dns-server.ts';
import { testContext } from './test/targets.ts';

let server: TestDnsServer;

beforeAll(async () => {
  server = await startDnsServer({
    records: {
      'example.test A': [{ address: '192.0.2.10' }, { address: '192.0.2.11' }],
      'example.test AAAA': [{ address: '2001:db8::10' }],
      'www.example.test CNAME': [{ domain: 'example.test' }],
      'example.test MX': [
        { exchange: 'mx1.example.test', priority: 10 },
        { exchange: 'mx2.example.test', priority: 20 },
      ],
      'example.test TXT': [{ data: 'v=spf1 -all' }],
      'example.test NS': [{ ns: 'ns1.example.test' }],
      'example.test CAA': [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
      '_sip._tcp.example.test SRV': [{ priority: 10, weight: 5, port: 5060, target: 'sip.example.test' }],
      'example.test SOA': [
        {
          primary: 'ns1.example.test',
          admin: 'hostmaster.example.test',
          serial: 2026112401,
          refresh: 3600,
          retry: 600,
          expiration: 86400,
          minimum: 60,
        },
      ],
    },
    failing: ['broken.test'],
    silent: ['slow.test'],
  });
});

afterAll(() => server.close());

function config(overrides: Partial<DnsCheckConfig>): DnsCheckConfig {
  return {
    hostname: 'example.test',
    recordType: 'A',
    resolver: { address: server.address, port: server.port },
    match: 'resolves',
    expected: [],
    timeoutMs: 2000,
    degradedAboveMs: null,
    ...overrides,
  };
}

describe('the DNS runner against a real DNS server on 127.0.0.1', () => {
  it.each([
    ['A', 'example.test', ['192.0.2.10', '192.0.2.11']],
    ['AAAA', 'example.test', ['2001:db8::10']],
    ['CNAME', 'www.example.test', ['example.test']],
    ['MX', 'example.test', ['10 mx1.example.test', '20 mx2.example.test']],
    ['TXT', 'example.test', ['v=spf1 -all']],
    ['NS', 'example.test', ['ns1.example.test']],
    ['CAA', 'example.test', ['0 issue "letsencrypt.org"']],
    ['SRV', '_sip._tcp.example.test', ['10 5 5060 sip.example.test']],
    ['SOA', 'example.test', ['ns1.example.test hostmaster.example.test 2026112401 3600 600 86400 60']],
  ] as const)('reads %s records of %s', async (recordType, hostname, answers) => {
    const result = await runner.run(config({ recordType, hostname }), testContext());
    expect(result).toMatchObject({ status: 'up', failure: null, answers });
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(0);
    expect(server.queries).toContain(`${hostname} ${recordType}`);
  });

  it('passes "any of" when one expected value is answered, names compared without case or final dot', async () => {
    const result = await runner.run(
      config({ recordType: 'MX', match: 'any', expected: ['MX2.Example.Test.', 'mx9.example.test'] }),
      testContext(),
    );
    expect(result.status).toBe('up');
  });

  it('fails "all of" naming the missing value', async () => {
    const result = await runner.run(
      config({ match: 'all', expected: ['192.0.2.10', '192.0.2.99'] }),
      testContext(),
    );
    expect(result.failure).toEqual({
      code: 'dns_mismatch',
      message: 'The A records of example.test lack 192.0.2.99 (192.0.2.10, 192.0.2.11).',
    });
  });

  it('fails "none of" when a forbidden value is answered', async () => {
    const result = await runner.run(config({ match: 'none', expected: ['192.0.2.11'] }), testContext());
    expect(result.failure).toEqual({
      code: 'dns_mismatch',
      message: 'The A records of example.test include 192.0.2.11.',
    });
  });

  it('fails "any of" when nothing expected is answered', async () => {
    const result = await runner.run(config({ match: 'any', expected: ['192.0.2.50'] }), testContext());
    expect(result.failure?.code).toBe('dns_mismatch');
  });

  it('fails with dns_no_answer for a name with no such records', async () => {
    const result = await runner.run(config({ hostname: 'missing.test' }), testContext());
    expect(result.failure).toEqual({
      code: 'dns_no_answer',
      message: 'The resolver 127.0.0.1 has no A records for missing.test.',
    });
    expect(result.answers).toEqual([]);
  });

  it('fails with dns_error when the server answers SERVFAIL', async () => {
    const result = await runner.run(config({ hostname: 'broken.test' }), testContext());
    expect(result.failure?.code).toBe('dns_error');
    expect(result.failure?.message).toMatch(
      /^The A lookup of broken\.test at the resolver 127\.0\.0\.1 failed/,
    );
  });

  it('times out when the server never answers', async () => {
    const result = await runner.run(config({ hostname: 'slow.test', timeoutMs: 300 }), testContext());
    expect(result.failure).toEqual({
      code: 'timeout',
      message: 'No answer from the resolver 127.0.0.1 within 300 ms.',
    });
  });

  it('answers many checks asking one server at once, each with its own records', async () => {
    const names = ['example.test', 'www.example.test', 'example.test', 'www.example.test'];
    const types = ['A', 'CNAME', 'MX', 'CNAME'] as const;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        runner.run(
          config({ hostname: names[index % 4] as string, recordType: types[index % 4] }),
          testContext(),
        ),
      ),
    );
    results.forEach((result, index) => {
      const expected = [
        ['192.0.2.10', '192.0.2.11'],
        ['example.test'],
        ['10 mx1.example.test', '20 mx2.example.test'],
        ['example.test'],
      ];
      expect(result).toMatchObject({ status: 'up', answers: expected[index % 4] });
    });
  });

  it('stops waiting when its worker stops, leaving the other checks on the same server to finish', async () => {
    const stopping = new AbortController();
    const waiting = runner.run(
      config({ hostname: 'slow.test', timeoutMs: 1500 }),
      testContext({}, { signal: stopping.signal }),
    );
    const other = runner.run(config({ hostname: 'slow.test', timeoutMs: 1500 }), testContext());
    const answered = runner.run(config({ timeoutMs: 1500 }), testContext());
    const began = Date.now();
    stopping.abort(new Error('Worker stopped.'));
    await expect(waiting).rejects.toThrow('Worker stopped.');
    expect(Date.now() - began).toBeLessThan(1000);
    expect((await answered).status).toBe('up');
    // Its query was not cancelled with the stopped check's: it runs to its own timeout.
    expect((await other).failure?.code).toBe('timeout');
  });
});

describe('the SSRF guard on resolver addresses', () => {
  const context = (allowPrivateTargets: boolean) =>
    testContext({
      allowPrivateTargets,
      classify: (address) => (address === '127.0.0.1' ? 'public' : classifyAddress(address)),
    });

  it.each(['10.0.0.53', '192.168.1.1', '169.254.169.254', '::1'])(
    'refuses the resolver %s with private_target and sends no query',
    async (address) => {
      const before = server.queries.length;
      const result = await runner.run(config({ resolver: { address, port: server.port } }), context(false));
      expect(result.failure?.code).toBe('private_target');
      expect(server.queries.length).toBe(before);
    },
  );

  it('asks a public resolver', async () => {
    const result = await runner.run(config({}), context(false));
    expect(result.status).toBe('up');
  });

  it('still refuses the metadata address with private targets on', async () => {
    const result = await runner.run(
      config({ resolver: { address: '169.254.169.254', port: 53 } }),
      context(true),
    );
    expect(result.failure?.code).toBe('private_target');
  });
});
