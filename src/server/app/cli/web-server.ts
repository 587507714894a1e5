import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { internalMetrics } from '../../metrics/internal-endpoint.ts';
import type { Config } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/db/connect.ts';
import type { Logger } from '../../platform/logger.ts';
import { createWebApp, type SharedParts } from '../runtime.ts';

const SHUTDOWN_GRACE_MS = 2000;
/** Listen errors that come from HOST: not an address of this machine, or a name that does not resolve. */
const HOST_ERRORS = new Set(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * How long an idle keep-alive connection stays open. Node's 5 s default races clients that reuse a
 * pooled connection just as the server closes it (heartbeat pings from a busy cron host got
 * ECONNRESET); 65 s outlasts common client pools and the 60 s idle timeout of load balancers.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export class PortUnavailableError extends Error {
  override name = 'PortUnavailableError';
}

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

interface ListenOptions {
  /** Writes what requests gathered in memory, once they have ended. */
  drain?: () => Promise<void>;
  /** Answers the requests it takes (true) before the app sees them: visitors' beacons. */
  ahead?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

function listen(
  config: Config,
  logger: Logger,
  fetch: Fetch,
  message: string,
  { drain = async () => {}, ahead }: ListenOptions = {},
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({
      fetch,
      port: config.port,
      hostname: config.host,
      createServer: ((options: ServerOptions, app: RequestListener) =>
        createServer(options, (request, response) => {
          if (!ahead?.(request, response)) app(request, response);
        })) as typeof createServer,
    }) as Server;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Above the keep-alive timeout (the advice since nodejs/node#27363), so a reused connection is not cut
    // while its next request's headers arrive.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        new PortUnavailableError(
          err.code === 'EADDRINUSE'
            ? `Invalid PORT: port ${config.port} is already in use`
            : `Invalid ${HOST_ERRORS.has(err.code ?? '') ? 'HOST' : 'PORT'}: ${err.message}`,
        ),
      );
    });
    server.once('listening', () => {
      const { address } = server.address() as AddressInfo;
      logger.info({ url: config.publicUrl, address, port: config.port }, message);
      resolve({
        port: config.port,
        // Live event streams never end by themselves: idle sockets close now, the rest after a grace period.
        close: async () => {
          await new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
          });
          // Requests have ended: what they gathered is written while the database is still open.
          await drain().catch((err: unknown) => logger.warn({ err }, 'gathered page views not written'));
        },
      });
    });
  });
}

export function startWebServer(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  shared: SharedParts,
): Promise<RunningServer> {
  const { app, drain, beacons } = createWebApp(config, database, logger, shared);
  const internal = internalMetrics(shared.metrics, config.metricsToken);
  return listen(
    config,
    logger,
    (request, env) => internal(request) ?? app.fetch(request, env),
    'Upwatch is listening',
    { drain, ahead: beacons },
  );
}

/** A worker alone serves nothing but its own figures, and only with METRICS_TOKEN set. */
export function startMetricsServer(
  config: Config,
  logger: Logger,
  shared: SharedParts,
): Promise<RunningServer> {
  const internal = internalMetrics(shared.metrics, config.metricsToken);
  return listen(
    config,
    logger,
    (request) => internal(request) ?? new Response('Not found\n', { status: 404 }),
    'serving /internal/metrics',
  );
}
