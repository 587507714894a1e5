import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/** Serves an app on a real 127.0.0.1 socket (for behaviour that needs one, like client IPs). */
export function listen<E extends object>(app: Hono<E & { Variables: object }>) {
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
