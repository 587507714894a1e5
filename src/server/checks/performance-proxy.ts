// The forward proxy Chromium sends every request through during a performance run: plain HTTP
// requests and CONNECT tunnels alike are vetted by the SSRF guard (resolve, classify, refuse
// private) before a byte leaves, so subresources and redirects get the same check as the page.
// Chromium resolves names itself otherwise; through the proxy it never needs to.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TargetGuard } from '../platform/net/target-guard.ts';

export interface PerformanceProxy {
  /** e.g. http://127.0.0.1:41234, for --proxy-server. */
  readonly url: string;
  /** URLs (or host:port for tunnels) the guard refused, in order, once each. */
  readonly blocked: readonly string[];
  close(): Promise<void>;
}

const REFUSED_BODY = 'Refused by Upwatch: the address is not public.';

export async function startPerformanceProxy(guard: TargetGuard): Promise<PerformanceProxy> {
  const blocked: string[] = [];
  const sockets = new Set<Socket | Duplex>();
  const block = (what: string) => {
    if (!blocked.includes(what)) blocked.push(what);
  };

  async function open(url: URL): Promise<Socket | null> {
    try {
      const target = await guard.vetUrl(url);
      // A plain TCP connection to the vetted address: TLS, if any, stays end to end.
      const plain = new URL(`http://${url.host}/`);
      return await guard.connect({ ...target, url: plain }, {});
    } catch (err) {
      if ((err as { code?: unknown }).code === 'private_target')
        block(url.protocol === 'https:' ? url.host : url.href);
      return null;
    }
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const socket = await open(url);
    if (!socket) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end(REFUSED_BODY);
      return;
    }
    sockets.add(socket);
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        createConnection: () => socket,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    sockets.add(client);
    client.on('error', () => client.destroy());
    const socket = await open(new URL(`https://${req.url ?? ''}/`));
    if (!socket) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.add(socket);
    socket.on('error', () => client.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.write(head);
    socket.pipe(client).pipe(socket);
  }

  const server = createServer((req, res) => {
    forward(req, res).catch(() => res.destroy());
  });
  server.on('connect', (req, client: Duplex, head: Buffer) => {
    tunnel(req, client, head).catch(() => client.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    blocked,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
