import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Set here from the socket for better-auth's rate limits; any copy sent by a client is dropped first. */
export const CLIENT_IP_HEADER = 'x-upwatch-client-ip';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address?.replace(/^::ffff:/, '');
  } catch {
    return undefined; // in-process requests (tests) have no socket
  }
}

/** The nearest proxy appends the address it saw last; anything left of it a client could write. */
export function lastForwardedHop(header: string | undefined): string | undefined {
  const hops = header?.split(',');
  return hops?.[hops.length - 1]?.trim() || undefined;
}

function forwardedAddress(c: Context): string | undefined {
  return lastForwardedHop(c.req.header('x-forwarded-for'));
}

/** The client's address: the proxy's last X-Forwarded-For entry when trusted, else the socket's. */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  return (trustProxy ? forwardedAddress(c) : undefined) ?? socketAddress(c);
}

/**
 * A copy of the request carrying the client's address in CLIENT_IP_HEADER (any client-sent
 * copy dropped), so auth rate limits key on an address a caller cannot forge.
 */
export async function requestWithClientIp(c: Context, trustProxy: boolean): Promise<Request> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const address = clientAddress(c, trustProxy);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  return new Request(c.req.raw.url, {
    method: c.req.method,
    headers,
    body: hasBody ? await c.req.arrayBuffer() : undefined,
    signal: c.req.raw.signal,
  });
}
