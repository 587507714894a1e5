// Real HTTP(S) targets on loopback for runner tests, and the context a runner gets in tests.
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import type { TargetGuardOptions } from '../../platform/net/target-guard.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../../platform/net/test/loopback-only.ts';
import type { CheckContext } from '../types.ts';

export interface Target {
  server: Server;
  port: number;
  /** `http(s)://host:port` (IPv6 hosts in brackets). */
  origin: string;
  close(): Promise<void>;
}

export interface TargetOptions {
  host?: string;
  /** key and cert, plus any other TLS server setting (protocol versions, ciphers). */
  tls?: HttpsOptions & { key: string; cert: string };
}

export async function startTarget(handler: RequestListener, options: TargetOptions = {}): Promise<Target> {
  const host = options.host ?? '127.0.0.1';
  const server = options.tls ? createHttpsServer(options.tls, handler) : createHttpServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port,
    origin: `${options.tls ? 'https' : 'http'}://${hostPart}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A context whose guard allows loopback but whose sockets can only ever reach loopback. */
export function testContext(
  guard: Partial<TargetGuardOptions> = {},
  overrides: Partial<CheckContext> = {},
): CheckContext & { attempts: string[] } {
  const openSocket = loopbackOnlyOpener();
  return {
    signal: new AbortController().signal,
    clock: systemClock,
    guard: createTargetGuard({ allowPrivateTargets: true, openSocket, ...guard }),
    region: 'test',
    attempts: openSocket.attempts,
    ...overrides,
  };
}

/**
 * Starts targets that close after each test of the calling file (registers its own afterEach):
 * `const target = closedAfterEach();` then `await target(handler)`.
 */
export function closedAfterEach(): (handler: RequestListener, options?: TargetOptions) => Promise<Target> {
  const targets: Target[] = [];
  afterEach(async () => {
    await Promise.all(targets.splice(0).map((target) => target.close()));
  });
  return async (handler, options) => {
    const started = await startTarget(handler, options);
    targets.push(started);
    return started;
  };
}
