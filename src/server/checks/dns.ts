// DNS record checks: ask the system resolver, or one the user names (vetted by the SSRF guard),
// for one record type, and judge the answer set: it resolves, or any / all / none of the expected.
import type { Resolver } from 'node:dns/promises';
import type { DnsMatch, DnsRecordType } from '../../core/api/monitor-kinds/dns.ts';
import { abortable } from '../platform/net/abortable.ts';
import { sharedResolver } from './dns-resolvers.ts';
import { formatMs } from './http-failure.ts';
import type { CheckFailure, CheckResult, CheckRunner } from './types.ts';

export interface DnsCheckConfig {
  hostname: string;
  recordType: DnsRecordType;
  /** A vetted numeric resolver, or null for the system's. */
  resolver: { address: string; port: number } | null;
  match: DnsMatch;
  expected: readonly string[];
  timeoutMs: number;
  degradedAboveMs: number | null;
}

export interface DnsCheckResult extends CheckResult {
  timings: { totalMs: number };
  /** The answer set, each record as one line of text, sorted. */
  answers: string[];
}

type Lookup = (resolver: Resolver, name: string) => Promise<string[]>;

const quote = (value: string) => `"${value}"`;
const LOOKUPS: Record<DnsRecordType, Lookup> = {
  A: (r, name) => r.resolve4(name),
  AAAA: (r, name) => r.resolve6(name),
  CNAME: (r, name) => r.resolveCname(name),
  NS: (r, name) => r.resolveNs(name),
  MX: async (r, name) => (await r.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange}`),
  TXT: async (r, name) => (await r.resolveTxt(name)).map((chunks) => chunks.join('')),
  SRV: async (r, name) =>
    (await r.resolveSrv(name)).map((srv) => `${srv.priority} ${srv.weight} ${srv.port} ${srv.name}`),
  CAA: async (r, name) =>
    (await r.resolveCaa(name)).map((caa) => {
      const [tag, value] = Object.entries(caa).find(([key]) => key !== 'critical') ?? ['', ''];
      return `${caa.critical} ${tag} ${quote(String(value))}`;
    }),
  SOA: async (r, name) => {
    const soa = await r.resolveSoa(name);
    return [
      `${soa.nsname} ${soa.hostmaster} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minttl}`,
    ];
  },
};

/** Case and a trailing dot do not make names differ; an expected value may name just the target. */
function normalise(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/\.(\s|$)/g, '$1');
}

function contains(answers: readonly string[], expected: string): boolean {
  const wanted = normalise(expected);
  return answers.some((answer) => {
    const normal = normalise(answer);
    return normal === wanted || normal.split(' ').at(-1) === wanted;
  });
}

export function judgeAnswers(
  config: Pick<DnsCheckConfig, 'match' | 'expected' | 'hostname' | 'recordType'>,
  answers: readonly string[],
): CheckFailure | null {
  const { match, expected, hostname, recordType } = config;
  const found = expected.filter((value) => contains(answers, value));
  const missing = expected.filter((value) => !contains(answers, value));
  const got = answers.join(', ');
  if (match === 'any' && found.length === 0) {
    return {
      code: 'dns_mismatch',
      message: `None of ${expected.join(', ')} is among the ${recordType} records of ${hostname} (${got}).`,
    };
  }
  if (match === 'all' && missing.length > 0) {
    return {
      code: 'dns_mismatch',
      message: `The ${recordType} records of ${hostname} lack ${missing.join(', ')} (${got}).`,
    };
  }
  if (match === 'none' && found.length > 0) {
    return {
      code: 'dns_mismatch',
      message: `The ${recordType} records of ${hostname} include ${found.join(', ')}.`,
    };
  }
  return null;
}

function failureOf(err: unknown, config: DnsCheckConfig, timeoutMs: number): CheckFailure {
  const code = (err as { code?: string }).code;
  const server = config.resolver ? `the resolver ${config.resolver.address}` : 'the system resolver';
  if (code === 'ENOTFOUND' || code === 'ENODATA') {
    return {
      code: 'dns_no_answer',
      message: `${server[0]?.toUpperCase()}${server.slice(1)} has no ${config.recordType} records for ${config.hostname}.`,
    };
  }
  if (code === 'ETIMEOUT' || code === 'ECANCELLED') {
    return { code: 'timeout', message: `No answer from ${server} within ${formatMs(timeoutMs)}.` };
  }
  return {
    code: 'dns_error',
    message: `The ${config.recordType} lookup of ${config.hostname} at ${server} failed (${code ?? String(err)}).`,
  };
}

export const dnsCheckRunner: CheckRunner<DnsCheckConfig, DnsCheckResult, 'dns'> = {
  kind: 'dns',
  concurrency: 256,
  async run(config, ctx) {
    const startedAt = ctx.clock.now();
    const timeoutMs = Math.min(config.timeoutMs, ctx.timeoutMs ?? Infinity);
    ctx.signal.throwIfAborted();
    const began = performance.now();
    let answers: string[] = [];
    let failure: CheckFailure | null = null;
    try {
      let server: string | null = null;
      if (config.resolver) {
        // The guard vets the numeric address again at every check, as for every other target.
        const vetted = await ctx.guard.vetHost(config.resolver.address, config.resolver.port, ctx.signal);
        const host = vetted.address.includes(':') ? `[${vetted.address}]` : vetted.address;
        server = `${host}:${vetted.port}`;
      }
      // c-ares has its own per-try timeout; one try, so the monitor's timeout bounds the check.
      const resolver = sharedResolver(
        { server, timeoutMs, localAddress: ctx.guard.localAddress },
        ctx.clock.now(),
      );
      // A shared channel is never cancelled (its other checks' queries would go with it): a
      // stopping worker stops waiting for this one's answer instead.
      const lookup = LOOKUPS[config.recordType](resolver, config.hostname);
      answers = (await abortable(lookup, ctx.signal)).sort();
      failure = judgeAnswers(config, answers);
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const code = (err as { code?: string }).code;
      if (code === 'private_target') failure = { code: 'private_target', message: (err as Error).message };
      else failure = failureOf(err, config, timeoutMs);
    }
    const totalMs = Math.round(performance.now() - began);
    const slow = config.degradedAboveMs != null && totalMs > config.degradedAboveMs;
    return {
      status: failure ? 'down' : slow ? 'degraded' : 'up',
      failure,
      startedAt,
      region: ctx.region,
      timings: { totalMs },
      answers,
    };
  },
};
