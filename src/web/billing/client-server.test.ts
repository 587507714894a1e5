// The billing client against a real HTTP server on 127.0.0.1 (another origin than the page, as
// a separate billing backend would be): each failure the server can answer, as the client
// reports it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBillingClient } from './client';

const ANSWERS: Record<string, [number, unknown]> = {
  '/api/billing/attach': [
    400,
    { message: 'Product pro is already attached', code: 'product_already_attached' },
  ],
  '/api/billing/track': [
    400,
    { message: 'Event with idempotency key k already exists', code: 'duplicate_event' },
  ],
  '/api/billing/check': [401, { message: 'Missing authorization header', code: 'unauthorized' }],
  '/api/billing/cancel': [500, { message: 'Boom' }],
  '/api/billing/query': [404, { message: 'Feature nope not found', code: 'feature_not_found' }],
  '/api/billing/products': [200, { list: [] }],
  '/api/billing/cors': [200, { message: 'OK' }],
};

let server: Server;
let backendUrl: string;
const seen: { path: string; credentialsCookie: string | undefined; body: string }[] = [];

function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-allow-headers', 'content-type, authorization');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
  if (req.method === 'OPTIONS') {
    res.statusCode = 204;
    res.end();
    return;
  }
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  seen.push({ path, credentialsCookie: req.headers.cookie, body });
  const [status, payload] = ANSWERS[path] ?? [404, { message: 'No such route', code: 'not_found' }];
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(payload));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the billing client against a local server', () => {
  it('reports each error with the server’s message and code, logged with the [billing] tag', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createBillingClient({
      backendUrl,
      customerData: { name: 'Ada', email: 'ada@example.test' },
    });

    expect((await client.attach({ productId: 'pro' })).error).toMatchObject({
      code: 'product_already_attached',
      message: 'Product pro is already attached',
      status: 400,
    });
    expect((await client.track({ featureId: 'checks', idempotencyKey: 'k' })).error).toMatchObject({
      code: 'duplicate_event',
      status: 400,
    });
    expect((await client.cancel({ productId: 'pro' })).error).toMatchObject({
      code: 'unknown_error',
      message: 'Boom',
    });
    expect((await client.query({ featureId: 'nope' })).error).toMatchObject({
      code: 'feature_not_found',
      status: 404,
    });
    expect(error).toHaveBeenCalledWith('[billing] Product pro is already attached');

    const unauthorized = await client.check({ featureId: 'sso' });
    expect(unauthorized.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(String(warn.mock.calls.at(-1)?.[0])).toContain('getBearerToken');

    expect((await client.products()).data).toEqual({ list: [] });
    const attach = seen.find((request) => request.path === '/api/billing/attach');
    expect(JSON.parse(attach?.body ?? '{}')).toEqual({
      product_id: 'pro',
      customer_data: { name: 'Ada', email: 'ada@example.test' },
    });
    expect(seen[0]?.path).toBe('/api/billing/cors');
  });

  it('reports a backend that is not listening as fetch_failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await createBillingClient({ backendUrl: `http://127.0.0.1:${port}` }).products();
    expect(result.error?.code).toBe('fetch_failed');
  });
});
