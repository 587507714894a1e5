// The certificate check: one TLS handshake with the monitor's host through the SSRF guard, with
// SNI, willing to go down to TLS 1.0 so old servers can be reported rather than refused, and
// accepting any certificate so every problem can be read and named.
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import { checkServerIdentity } from 'node:tls';
import type { SslCheck } from '../../core/api/ssl.ts';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './http.ts';
import { failureOf, timeoutFailure } from './http-failure.ts';
import type { Phase } from './phase-timer.ts';
import { inspectChain } from './ssl-inspect.ts';
import { classifyProblems, daysRemaining } from './ssl-problems.ts';
import type { CheckContext, CheckFailure, CheckResult, CheckRunner } from './types.ts';

export interface SslCheckConfig {
  /** The monitor's https URL: its host and port are checked. */
  url: string;
  timeoutMs?: number;
}

export type SslFacts = Omit<SslCheck, 'id' | 'monitorId' | 'checkedAt' | 'error'>;

/** up: no problems; degraded: problems; down: no certificate could be read (see failure). */
export interface SslCheckResult extends CheckResult, SslFacts {}

const EMPTY: SslFacts = {
  certificate: null,
  chain: [],
  protocol: null,
  cipher: null,
  ocspStapled: false,
  chainComplete: false,
  trusted: false,
  hostnameMatch: false,
  daysRemaining: null,
  problems: [],
};

interface Handshake {
  peer: DetailedPeerCertificate;
  protocol: string | null;
  cipher: string | null;
  ocspStapled: boolean;
}

async function handshake(
  config: SslCheckConfig,
  ctx: CheckContext,
  signal: AbortSignal,
  phase: { at: Phase },
) {
  const target = await ctx.guard.vetUrl(config.url, signal);
  if (target.url.protocol !== 'https:') throw new TypeError(`Not an https URL: ${config.url}`);
  let ocspStapled = false;
  phase.at = 'connect';
  const socket = (await ctx.guard.connect(target, {
    signal,
    rejectUnauthorized: false,
    tls: { ciphers: 'DEFAULT@SECLEVEL=0', minVersion: 'TLSv1', requestOCSP: true },
    onConnected: () => {
      phase.at = 'tls';
    },
    onHandshake: (secure) => {
      secure.once('OCSPResponse', (response: Buffer | null) => {
        ocspStapled = (response?.length ?? 0) > 0;
      });
    },
  })) as TLSSocket;
  try {
    const result: Handshake = {
      peer: socket.getPeerCertificate(true),
      protocol: socket.getProtocol(),
      cipher: socket.getCipher()?.standardName ?? null,
      ocspStapled,
    };
    return { target, result };
  } finally {
    socket.destroy();
  }
}

function factsOf(hs: Handshake, hostname: string, extraCa: readonly string[], now: number): SslFacts | null {
  if (!hs.peer?.raw) return null;
  const facts = inspectChain(hs.peer, extraCa);
  const hostnameMatch = checkServerIdentity(hostname, facts.legacyLeaf) === undefined;
  return {
    certificate: facts.certificate,
    chain: facts.chain,
    protocol: hs.protocol,
    cipher: hs.cipher,
    ocspStapled: hs.ocspStapled,
    chainComplete: facts.chainComplete,
    trusted: facts.trusted,
    hostnameMatch,
    daysRemaining: daysRemaining(facts.certificate.validTo, now),
    problems: classifyProblems({ facts, hostname, hostnameMatch, protocol: hs.protocol, now }),
  };
}

export const sslCheckRunner: CheckRunner<SslCheckConfig, SslCheckResult, 'ssl'> = {
  kind: 'ssl',
  concurrency: 32,
  async run(config, ctx) {
    const startedAt = ctx.clock.now();
    const timeoutMs = Math.min(
      config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      MAX_TIMEOUT_MS,
      ctx.timeoutMs ?? Infinity,
    );
    ctx.signal.throwIfAborted();
    const abort = new AbortController();
    const onShutdown = () => abort.abort(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onShutdown, { once: true });
    const timeout = ctx.clock.setTimeout(() => abort.abort(new Error('The check timed out.')), timeoutMs);
    const phase: { at: Phase } = { at: 'dns' };
    const base = { startedAt, region: ctx.region };
    let failure: CheckFailure;
    try {
      const { target, result } = await handshake(config, ctx, abort.signal, phase);
      const facts = factsOf(result, target.hostname, ctx.guard.extraCa, ctx.clock.now());
      if (facts)
        return { ...base, ...facts, status: facts.problems.length ? 'degraded' : 'up', failure: null };
      failure = { code: 'tls_error', message: `${target.url.host} sent no certificate.` };
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (abort.signal.aborted) failure = timeoutFailure(timeoutMs, phase.at);
      else {
        const known = failureOf(err, phase.at, new URL(config.url).host);
        if (!known) throw err;
        failure = known;
      }
    } finally {
      timeout.cancel();
      ctx.signal.removeEventListener('abort', onShutdown);
    }
    return { ...base, ...EMPTY, status: 'down', failure };
  },
};
