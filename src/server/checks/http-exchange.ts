// One request/response over a fresh connection to a vetted target, timed phase by phase.
// The body is read up to a cap and the connection is then closed: large bodies are cut, never buffered.
//
// Driven through undici's dispatch handler rather than request(): no body stream, no signal
// plumbing inside undici, and the connection is closed by us without an error. Closing with one
// (what close()/destroy() and undici's keep-alive reset do) makes Node format the error's stack,
// which under source maps cost more CPU than the rest of the exchange.
import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Client, type Dispatcher } from 'undici';
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

export function exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  const { target, guard, timer, signal } = request;
  signal.throwIfAborted();
  const secure = target.url.protocol === 'https:';
  return new Promise<ExchangeResponse>((resolve, reject) => {
    let socket: Socket | undefined;
    let settled = false;
    const response: ExchangeResponse = {
      statusCode: 0,
      headers: {},
      bytes: 0,
      truncated: false,
      text: '',
      tls: null,
    };
    const chunks: Buffer[] = [];

    // Every way out closes the connection: a fresh one per check, never pooled. Anything
    // undici reports after that (the close itself) is of no interest.
    function close(): boolean {
      if (settled) return false;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket?.destroy();
      return true;
    }
    function finish(): void {
      if (!close()) return;
      if (request.keepBody) response.text = Buffer.concat(chunks).toString('utf8');
      resolve(response);
    }
    function fail(err: unknown): void {
      if (close()) reject(err);
    }
    const onAbort = () => fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });

    const client = new Client(target.url.origin, {
      // Our own deadline covers the whole run; undici's per-phase timers would only race it.
      headersTimeout: 0,
      bodyTimeout: 0,
      // We close the connection as soon as the response is in. With undici's default margin a
      // server's short keep-alive makes undici close it first, building an error object that
      // costs more CPU than the close itself.
      keepAliveTimeoutThreshold: 0,
      connect(_options, callback) {
        guard
          .connect(target, {
            rejectUnauthorized: request.rejectUnauthorized,
            signal,
            onConnected: () => timer.enter(secure ? 'tls' : 'ttfb'),
            onSecured: (tlsSocket) => {
              response.tls = peerOf(tlsSocket);
              timer.enter('ttfb');
            },
          })
          .then(
            (opened) => {
              socket = opened;
              // Aborted while the connection was being set up: it was never handed over.
              if (settled) opened.destroy();
              else callback(null, opened);
            },
            (err: Error) => callback(err, null),
          );
      },
    });

    const handler: Dispatcher.DispatchHandler = {
      // Present so undici treats this as a current-API handler (it checks for this method).
      onRequestStart() {},
      onResponseStart(_controller, statusCode, headers) {
        // 1xx interim responses (100 Continue, 103 Early Hints) precede the real one.
        if (settled || statusCode < 200) return;
        timer.enter('download');
        response.statusCode = statusCode;
        response.headers = headers;
        if (request.skipBody(statusCode, headers)) finish();
      },
      onResponseData(_controller, chunk) {
        if (settled) return;
        const room = MAX_BODY_BYTES - response.bytes;
        const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
        response.bytes += kept.length;
        if (request.keepBody) chunks.push(kept);
        if (chunk.length > room) {
          response.truncated = true;
          finish();
        }
      },
      onResponseEnd: finish,
      onResponseError(_controller, err) {
        fail(err);
      },
    };
    client.dispatch(
      {
        path: `${target.url.pathname}${target.url.search}`,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body ?? undefined,
      },
      handler,
    );
  });
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
