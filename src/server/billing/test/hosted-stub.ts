// A stand-in for the hosted billing API on 127.0.0.1: its paths, secret-key auth and
// `customer_id` in bodies, delegating every call to a local engine. The contract suite runs
// the hosted adapter against it.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BillingError } from '../../../core/billing/errors.ts';
import type { BillingProvider, Body } from '../provider.ts';

export interface HostedStub {
  url: string;
  /** Every request the stub received: method, path, version header and body. */
  requests: { method: string; path: string; version: string | undefined; body: unknown }[];
  close(): Promise<void>;
}

export async function startHostedStub(local: BillingProvider, secretKey: string): Promise<HostedStub> {
  const requests: HostedStub['requests'] = [];
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof BillingError)
      return c.json({ message: err.message, code: err.code }, err.status as ContentfulStatusCode);
    return c.json({ message: err.message, code: 'internal_error' }, 500);
  });
  app.use('*', async (c, next) => {
    const text = c.req.method === 'GET' || c.req.method === 'DELETE' ? '' : await c.req.raw.clone().text();
    requests.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname + new URL(c.req.url).search,
      version: c.req.header('x-api-version'),
      body: text ? JSON.parse(text) : undefined,
    });
    if (c.req.header('authorization') !== `Bearer ${secretKey}`) {
      return c.json({ message: 'Invalid secret key', code: 'invalid_secret_key' }, 401);
    }
    return next();
  });
  const body = async (c: { req: { json(): Promise<unknown> } }) => (await c.req.json()) as Body;
  const customerOf = (b: Body) => {
    if (typeof b.customer_id !== 'string')
      throw new BillingError(400, 'invalid_request', 'customer_id is required');
    return b.customer_id;
  };
  const identity = (b: Body) => {
    const data = (b.customer_data ?? {}) as { name?: string; email?: string };
    return { id: customerOf(b), name: data.name, email: data.email };
  };

  app.post('/v1/customers', async (c) => {
    const b = await body(c);
    return c.json(
      await local.customer({ id: String(b.id), name: b.name as string, email: b.email as string }, b),
    );
  });
  app.get('/v1/products_beta', async (c) => c.json(await local.products(c.req.query('customer_id') ?? null)));
  app.post('/v1/checkout', async (c) => {
    const b = await body(c);
    return c.json(await local.checkout(identity(b), b));
  });
  app.post('/v1/attach', async (c) => {
    const b = await body(c);
    return c.json(await local.attach(identity(b), b));
  });
  for (const [path, method] of [
    ['setup_payment', 'setupPayment'],
    ['cancel', 'cancel'],
    ['check', 'check'],
    ['track', 'track'],
    ['query', 'query'],
    ['referrals/code', 'referralCode'],
    ['referrals/redeem', 'redeemReferral'],
  ] as const) {
    app.post(`/v1/${path}`, async (c) => {
      const b = await body(c);
      return c.json(await local[method](customerOf(b), b));
    });
  }
  app.post('/v1/customers/:id/billing_portal', async (c) =>
    c.json(await local.billingPortal(c.req.param('id'), await body(c))),
  );
  app.post('/v1/customers/:id/entities', async (c) =>
    c.json(await local.createEntities(c.req.param('id'), await body(c))),
  );
  app.get('/v1/customers/:id/entities/:eid', async (c) =>
    c.json(await local.getEntity(c.req.param('id'), c.req.param('eid'))),
  );
  app.delete('/v1/customers/:id/entities/:eid', async (c) =>
    c.json(await local.deleteEntity(c.req.param('id'), c.req.param('eid'))),
  );

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}/v1`,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
