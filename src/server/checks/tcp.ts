// TCP port checks: connect to host:port through the SSRF guard, optionally over TLS, optionally
// send a line and expect text in the first bytes the server sends (an SMTP banner, a Redis PONG).
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Clock, TimerHandle } from '../platform/clock.ts';
import { failureOf, timeoutFailure } from './http-failure.ts';
import { type HttpTimings, PhaseTimer } from './phase-timer.ts';
import type { CheckFailure, CheckResult, CheckRunner } from './types.ts';

export interface TcpCheckConfig {
  host: string;
  port: number;
  tls: boolean;
  send: string | null;
  expect: string | null;
  timeoutMs: number;
  degradedAboveMs: number | null;
}

export interface TcpCheckResult extends CheckResult {
  timings: Omit<HttpTimings, 'downloadMs'>;
  /** The first bytes read when the check expects some, as text, at most FIRST_BYTES_LIMIT. */
  firstBytes: string | null;
  tls: { fingerprintSha256: string; validTo: number; authorized: boolean } | null;
}

const FIRST_BYTES_LIMIT = 4096;
const QUIET_MS = 250;

export const tcpCheckRunner: CheckRunner<TcpCheckConfig, TcpCheckResult, 'tcp'> = {
  kind: 'tcp',
  concurrency: 256,
  async run(config, ctx) {
    const startedAt = ctx.clock.now();
    const timeoutMs = Math.min(config.timeoutMs, ctx.timeoutMs ?? Infinity);
    const where = config.host.includes(':')
      ? `[${config.host}]:${config.port}`
      : `${config.host}:${config.port}`;
    const timer = new PhaseTimer();
    ctx.signal.throwIfAborted();
    // Linked by hand: the worker's signal lives for the whole process (see the HTTP runner).
    const abort = new AbortController();
    const onShutdown = () => abort.abort(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onShutdown, { once: true });
    const timeout = ctx.clock.setTimeout(() => abort.abort(new Error('The check timed out.')), timeoutMs);
    const signal = abort.signal;

    let socket: Socket | undefined;
    let firstBytes: string | null = null;
    let tls: TcpCheckResult['tls'] = null;
    let failure: CheckFailure | null = null;
    try {
      const target = await ctx.guard.vetHost(config.host, config.port, signal);
      timer.enter('connect');
      socket = await ctx.guard.connect(target, {
        signal,
        secure: config.tls,
        onConnected: () => timer.enter('tls'),
      });
      if (config.tls) tls = certificateOf(socket as TLSSocket);
      timer.enter('ttfb');
      const send = config.send;
      const open = socket;
      if (send !== null) await new Promise<void>((resolve) => open.write(send, () => resolve()));
      if (config.expect !== null) {
        firstBytes = await readFirstBytes(socket, config.expect, signal, ctx.clock);
        if (!firstBytes.includes(config.expect)) {
          failure = {
            code: 'expect_mismatch',
            message: `Expected "${config.expect}" in the first bytes from ${where}, got ${preview(firstBytes)}.`,
          };
        }
      }
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (signal.aborted) failure = timeoutFailure(timeoutMs, timer.phase);
      else {
        failure = failureOf(err, timer.phase, where) ?? null;
        if (!failure) throw err;
      }
    } finally {
      timeout.cancel();
      ctx.signal.removeEventListener('abort', onShutdown);
      socket?.destroy();
    }

    const { downloadMs: _unused, ...timings } = timer.finish();
    const slow = config.degradedAboveMs != null && timings.totalMs > config.degradedAboveMs;
    return {
      status: failure ? 'down' : slow ? 'degraded' : 'up',
      failure,
      startedAt,
      region: ctx.region,
      timings,
      firstBytes,
      tls,
    };
  },
};

function certificateOf(socket: TLSSocket): TcpCheckResult['tls'] {
  const certificate = socket.getPeerCertificate();
  if (!certificate?.fingerprint256) return null;
  return {
    fingerprintSha256: certificate.fingerprint256,
    validTo: new Date(certificate.valid_to).getTime(),
    authorized: socket.authorized,
  };
}

/**
 * Reads until the expected text shows up, the server closes, FIRST_BYTES_LIMIT is reached, or the
 * server has said something and then nothing for QUIET_MS (an answer that will not change).
 */
function readFirstBytes(socket: Socket, expect: string, signal: AbortSignal, clock: Clock): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    let quiet: TimerHandle | undefined;
    const done = (err?: unknown) => {
      quiet?.cancel();
      socket.off('data', onData).off('end', onEnd).off('error', done);
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(text.slice(0, FIRST_BYTES_LIMIT));
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      quiet?.cancel();
      if (text.includes(expect) || text.length >= FIRST_BYTES_LIMIT) done();
      else quiet = clock.setTimeout(() => done(), QUIET_MS);
    };
    const onEnd = () => done();
    const onAbort = () => done(signal.reason);
    socket.on('data', onData).once('end', onEnd).once('error', done);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function preview(text: string): string {
  if (text === '') return 'nothing before the connection closed';
  const line = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return JSON.stringify(line);
}
