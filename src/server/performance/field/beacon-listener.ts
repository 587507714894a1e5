// Beacons answered by the web server itself, in front of Hono (issue 42's speed goal): a beacon is
// a small text body answered 204 with nothing to read, thousands a second, and building a Fetch
// Request, a web stream for its body and the app's middleware for each cost several times what
// the intake does (measured with bench/rum.ts and a CPU profile). Same intake, same answers as the
// Hono route; every other request goes on to the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lastForwardedHop } from '../../platform/http/client-ip.ts';
import { MAX_BEACON_BYTES } from './beacon.ts';
import type { BeaconIntake } from './intake.ts';

const PATH = /^\/rum\/([^/?#]+)(?:\?.*)?$/;

/** The client's address: the nearest proxy's X-Forwarded-For entry when trusted (client-ip.ts). */
function addressOf(request: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const last = lastForwardedHop(Array.isArray(forwarded) ? forwarded.join(',') : forwarded);
    if (last) return last;
  }
  return request.socket.remoteAddress?.replace(/^::ffff:/, '');
}

/** The body's text, or null past the limit: the rest is left unread and the connection closed. */
function readBody(request: IncomingMessage): Promise<string | null> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BEACON_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BEACON_BYTES) {
        request.removeAllListeners('data');
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Answers POST /rum/{key} and says so; anything else is left to the app (false). */
export function createBeaconListener(intake: BeaconIntake, trustProxy: boolean) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'POST' || !request.url?.startsWith('/rum/')) return false;
    const match = PATH.exec(request.url);
    if (!match?.[1]) return false;
    // Keys are base64url: nothing to decode, and an encoded one is unknown.
    const key = match[1];
    const refuse = (status: number, code: string, close = false) => {
      response.writeHead(status, {
        'content-type': 'text/plain; charset=UTF-8',
        'cache-control': 'no-store',
        ...(close ? { connection: 'close' } : {}),
      });
      response.end(code);
    };
    void (async () => {
      if (!intake.admitsAddress(addressOf(request, trustProxy))) {
        request.resume();
        return refuse(429, 'rate_limited');
      }
      const body = await readBody(request);
      const answer = await intake.take({
        key,
        body,
        origin: header(request, 'origin'),
        userAgent: header(request, 'user-agent'),
      });
      if (answer.status === 204) {
        response.writeHead(204);
        response.end();
      } else {
        refuse(answer.status, answer.code, body === null);
      }
    })().catch(() => {
      // The database is away (the key directory reads it): the page view is lost, not the server.
      if (!response.headersSent) refuse(503, 'unavailable');
      else response.destroy();
    });
    return true;
  };
}
