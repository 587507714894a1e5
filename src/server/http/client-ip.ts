import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address?.replace(/^::ffff:/, '');
  } catch {
    return undefined; // in-process requests (tests) have no socket
  }
}

/**
 * A copy of the request carrying the socket's address in CLIENT_IP_HEADER (any client-sent
 * copy dropped), so auth rate limits key on an address a caller cannot forge.
 */
export async function requestWithClientIp(c: Context): Promise<Request> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const address = socketAddress(c);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  return new Request(c.req.raw.url, {
    method: c.req.method,
    headers,
    body: hasBody ? await c.req.arrayBuffer() : undefined,
    signal: c.req.raw.signal,
  });
}
