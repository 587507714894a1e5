// One request/response over a fresh connection to a vetted target, timed phase by phase.
// The body is read up to a cap and the connection is then closed: large bodies are cut, never buffered.
//
// Sent with node:http over the socket the guard opened: no pool, and the connection is closed by
// us. Against a local target, in one process taking turns with a fresh undici Client per check,
// it used 4–8% less CPU per check (medians 0.27–0.38 ms against 0.29–0.41), and undici built an
// error object for every connection we closed.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TargetGuard, VettedTarget } from '../platform/net/target-guard.ts';
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
    // reported after that (the close itself) is of no interest.
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
      .then((opened) => {
        socket = opened;
        // Aborted while the connection was being set up.
        if (settled) opened.destroy();
        else send(opened);
      }, fail);

    function send(opened: Socket): void {
      let outgoing: ReturnType<typeof httpRequest>;
      try {
        outgoing = httpRequest({
          createConnection: () => opened,
          method: request.method,
          path: `${target.url.pathname}${target.url.search}`,
          headers: { host: target.url.host, ...request.headers },
        });
      } catch (err) {
        // A header value Node refuses to send (a control character, say).
        fail(err);
        return;
      }
      outgoing.on('error', fail);
      outgoing.on('response', (incoming: IncomingMessage) => {
        incoming.on('error', fail);
        if (settled) return;
        timer.enter('download');
        response.statusCode = incoming.statusCode ?? 0;
        response.headers = incoming.headers;
        if (request.skipBody(response.statusCode, incoming.headers)) {
          finish();
          return;
        }
        incoming.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = MAX_BODY_BYTES - response.bytes;
          const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
          response.bytes += kept.length;
          if (request.keepBody) chunks.push(kept);
          if (chunk.length > room) {
            response.truncated = true;
            finish();
          }
        });
        incoming.on('end', finish);
      });
      outgoing.end(request.body ?? undefined);
    }
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
