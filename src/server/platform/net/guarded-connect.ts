// Opens the connection to an already-vetted numeric address: TCP first, then TLS over it, so the
// caller can time both steps. No name is looked up here (the address is numeric).
import type { Socket } from 'node:net';
import { isIP, connect as netConnect } from 'node:net';
import type { SecureVersion, TLSSocket } from 'node:tls';
import { rootCertificates, connect as tlsConnect } from 'node:tls';

export type SocketOpener = (options: { host: string; port: number; localAddress?: string }) => Socket;

export const openTcpSocket: SocketOpener = ({ host, port, localAddress }) =>
  netConnect({ host, port, noDelay: true, ...(localAddress ? { localAddress } : {}) });

export interface ConnectOptions {
  openSocket: SocketOpener;
  ca?: readonly string[] | undefined;
  /** false accepts expired, self-signed or mismatched certificates (the monitor's "ignore TLS errors"). */
  rejectUnauthorized?: boolean;
  /** TLS over the connection; by default only for https:// targets. */
  secure?: boolean;
  signal?: AbortSignal;
  /** Handshake settings for callers that inspect the handshake itself (the certificate check). */
  tls?: { ciphers?: string; minVersion?: SecureVersion; requestOCSP?: boolean };
  onConnected?(): void;
  /** The TLS socket as soon as it exists, before the handshake: to listen for e.g. 'OCSPResponse'. */
  onHandshake?(socket: TLSSocket): void;
  onSecured?(socket: TLSSocket): void;
}

interface Destination {
  url: URL;
  hostname: string;
  address: string;
  port: number;
}

export function connectToAddress(target: Destination, options: ConnectOptions): Promise<Socket> {
  const {
    openSocket,
    ca,
    rejectUnauthorized = true,
    secure = target.url.protocol === 'https:',
    signal,
    tls,
    onConnected,
    onHandshake,
    onSecured,
  } = options;
  return new Promise<Socket>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let settled = false;
    let current: Socket | undefined;
    // Stays attached after settling, as a no-op: the caller's own listener handles later errors,
    // and an error emitted before it attaches must not crash the process.
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      current?.destroy();
      reject(err);
    };
    const succeed = (socket: Socket) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve(socket);
    };
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    try {
      current = openSocket({ host: target.address, port: target.port });
    } catch (err) {
      return fail(err);
    }
    const raw = current;
    raw.on('error', fail);
    raw.once('connect', () => {
      onConnected?.();
      if (!secure) return succeed(raw);
      const tlsSocket = tlsConnect({
        socket: raw,
        host: target.hostname,
        // SNI carries names only; for an IP literal the certificate is checked against the IP.
        servername: isIP(target.hostname) ? undefined : target.hostname,
        rejectUnauthorized,
        ca: ca?.length ? [...rootCertificates, ...ca] : undefined,
        ...(target.url.protocol === 'https:' ? { ALPNProtocols: ['http/1.1'] } : {}),
        ...tls,
      });
      onHandshake?.(tlsSocket);
      current = tlsSocket;
      tlsSocket.on('error', fail);
      tlsSocket.once('secureConnect', () => {
        onSecured?.(tlsSocket);
        succeed(tlsSocket);
      });
    });
  });
}
