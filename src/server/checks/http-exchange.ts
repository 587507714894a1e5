// One request/response over a fresh connection to a vetted target, timed phase by phase.
// The body is read up to a cap and the connection is then closed: large bodies are cut, never buffered.
import type { IncomingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Client } from 'undici';
import type { TargetGuard, VettedTarget } from '../net/target-guard.ts';
import type { PhaseTimer } from './phase-timer.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface TlsPeer {
  /** SHA-256 of the leaf certificate, colon-separated hex as Node prints it. */
  fingerprintSha256: string;
  validFrom: number;
  /** Expiry, epoch ms. */
  validTo: number;
  subject: string | null;
  issuer: string | null;
  /** false only when the monitor ignores TLS errors and the certificate failed verification. */
  authorized: boolean;
  /** OpenSSL's code for why verification failed, e.g. CERT_HAS_EXPIRED. */
  authorizationError: string | null;
}

export interface ExchangeRequest {
  target: VettedTarget;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  rejectUnauthorized: boolean;
  /** Keep the body text (for keyword assertions); otherwise bytes are only counted. */
  keepBody: boolean;
  /** Asked once the headers are in: true skips the body (a redirect about to be followed). */
  skipBody(statusCode: number, headers: IncomingHttpHeaders): boolean;
  guard: TargetGuard;
  timer: PhaseTimer;
  signal: AbortSignal;
}

export interface ExchangeResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  truncated: boolean;
  text: string;
  tls: TlsPeer | null;
}

export async function exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  const { target, guard, timer } = request;
  request.signal.throwIfAborted();
  // A signal per hop: undici leaves listeners on the signal it is given until the body is gone,
  // and the run's signal outlives up to eleven hops.
  const hop = new AbortController();
  const signal = hop.signal;
  const abortHop = () => hop.abort(request.signal.reason);
  request.signal.addEventListener('abort', abortHop, { once: true });
  const secure = target.url.protocol === 'https:';
  let tls: TlsPeer | null = null;

  const client = new Client(target.url.origin, {
    // Our own deadline covers the whole run; undici's per-phase timers would only race it.
    headersTimeout: 0,
    bodyTimeout: 0,
    connect(_options, callback) {
      guard
        .connect(target, {
          rejectUnauthorized: request.rejectUnauthorized,
          signal,
          onConnected: () => timer.enter(secure ? 'tls' : 'ttfb'),
          onSecured: (socket) => {
            tls = peerOf(socket);
            timer.enter('ttfb');
          },
        })
        .then(
          (socket) => callback(null, socket),
          (err: Error) => callback(err, null),
        );
    },
  });

  let readWhole = false;
  try {
    const response = await client.request({
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method,
      headers: request.headers,
      body: request.body ?? undefined,
      signal,
    });
    timer.enter('download');
    const skipped = request.skipBody(response.statusCode, response.headers);
    const body = skipped
      ? { bytes: 0, truncated: false, text: '' }
      : await readCapped(response.body, request.keepBody);
    readWhole = !skipped && !body.truncated;
    return { statusCode: response.statusCode, headers: response.headers, ...body, tls };
  } finally {
    // A fresh connection per check: never pooled. A finished exchange closes gracefully, which
    // costs less than destroy(); a body cut short, skipped or failed is destroyed.
    request.signal.removeEventListener('abort', abortHop);
    await (readWhole ? client.close() : client.destroy());
  }
}

async function readCapped(body: AsyncIterable<Buffer>, keep: boolean) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let truncated = false;
  for await (const chunk of body) {
    const room = MAX_BODY_BYTES - bytes;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    bytes += kept.length;
    if (keep) chunks.push(kept);
    if (chunk.length > room) {
      // Leaving the loop destroys the stream; the caller then closes the socket.
      truncated = true;
      break;
    }
  }
  return { bytes, truncated, text: keep ? Buffer.concat(chunks).toString('utf8') : '' };
}

function peerOf(socket: TLSSocket): TlsPeer | null {
  const cert = socket.getPeerCertificate();
  if (!cert?.fingerprint256) return null;
  const error = socket.authorizationError as Error | string | null | undefined;
  return {
    fingerprintSha256: cert.fingerprint256,
    validFrom: Date.parse(cert.valid_from),
    validTo: Date.parse(cert.valid_to),
    subject: firstOf(cert.subject?.CN),
    issuer: firstOf(cert.issuer?.CN),
    authorized: socket.authorized,
    authorizationError: error ? String(error instanceof Error ? error.message : error) : null,
  };
}

function firstOf(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
