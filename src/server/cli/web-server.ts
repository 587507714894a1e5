import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Logger } from '../logger.ts';
import { createWebApp, type SharedParts } from '../runtime.ts';

const SHUTDOWN_GRACE_MS = 2000;

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export class PortUnavailableError extends Error {
  override name = 'PortUnavailableError';
}

export function startWebServer(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  shared: SharedParts,
): Promise<RunningServer> {
  const app = createWebApp(config, database, logger, shared);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: config.port }) as Server;
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        new PortUnavailableError(
          err.code === 'EADDRINUSE'
            ? `Invalid PORT: port ${config.port} is already in use`
            : `Invalid PORT: ${err.message}`,
        ),
      );
    });
    server.once('listening', () => {
      logger.info({ url: config.publicUrl, port: config.port }, 'Upwatch is listening');
      resolve({
        port: config.port,
        // Live event streams never end by themselves: idle sockets close now, the rest after a grace period.
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
          }),
      });
    });
  });
}
