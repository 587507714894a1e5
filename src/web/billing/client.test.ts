import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../test/fake-server';
import { createBillingClient } from './client';

function spyConsole() {
  return {
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
  };
}

describe('billing client errors (SPEC.md §8)', () => {
  it('returns the body’s message and code for a non-2xx answer, logged with the [billing] tag', async () => {
    const log = spyConsole();
    stubServer({
      routes: {
        'POST /api/billing/attach': () =>
          json({ message: 'Product pro is already attached', code: 'product_already_attached' }, 400),
      },
    });
    const result = await createBillingClient().attach({ productId: 'pro' });

    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({
      message: 'Product pro is already attached',
      code: 'product_already_attached',
      status: 400,
    });
    expect(log.error).toHaveBeenCalledWith('[billing] Product pro is already attached');
  });

  it('defaults an unknown code to unknown_error', async () => {
    spyConsole();
    stubServer({ routes: { 'POST /api/billing/cancel': () => json({ message: 'Boom' }, 500) } });
    const result = await createBillingClient().cancel({ productId: 'pro' });
    expect(result.error).toMatchObject({ message: 'Boom', code: 'unknown_error' });
  });

  it('reports a network failure as fetch_failed with a hint about the backend URL', async () => {
    const log = spyConsole();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const result = await createBillingClient().track({ featureId: 'webhooks' });

    expect(result.error).toMatchObject({ code: 'fetch_failed', message: 'Failed to fetch' });
    const logged = String(log.error.mock.calls[0]?.[0]);
    expect(logged).toContain('[billing] Fetch failed: POST /api/billing/track');
    expect(logged).toContain('backendUrl');
  });

  it('logs the token-getter hint instead of an error for a 401 about a missing authorization header', async () => {
    const log = spyConsole();
    stubServer({
      routes: {
        'POST /api/billing/check': () =>
          json({ message: 'Missing authorization header', code: 'unauthorized' }, 401),
      },
    });
    const result = await createBillingClient().check({ featureId: 'webhooks' });

    expect(result.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(log.error).not.toHaveBeenCalled();
    expect(String(log.warn.mock.calls[0]?.[0])).toContain('getBearerToken');
  });

  it('answers {data, error: null} on success', async () => {
    stubServer({ routes: { 'GET /api/billing/products': () => json({ list: [] }) } });
    expect(await createBillingClient().products()).toEqual({
      data: { list: [] },
      error: null,
      statusCode: 200,
    });
  });
});

describe('billing client requests', () => {
  it('sends snake_case keys, leaving properties and checkoutSessionParams as given, plus customer_data', async () => {
    const { requests } = stubServer({ routes: { 'POST /api/billing/checkout': () => json({}) } });
    const client = createBillingClient({ customerData: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    await client.checkout({
      productId: 'pro',
      options: [{ featureId: 'monitors', quantity: 20 }],
      successUrl: '/done',
      checkoutSessionParams: { allowPromotionCodes: true },
    });
    await client.track({ eventName: 'run', properties: { siteId: 's-1', nestedKey: { innerKey: 1 } } });

    expect(requests[0]?.body).toEqual({
      product_id: 'pro',
      options: [{ feature_id: 'monitors', quantity: 20 }],
      success_url: '/done',
      checkout_session_params: { allowPromotionCodes: true },
      customer_data: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(requests[1]?.body).toMatchObject({
      event_name: 'run',
      properties: { siteId: 's-1', nestedKey: { innerKey: 1 } },
    });
  });

  it('carries the session cookie, the bearer token and extra headers', async () => {
    const { requests } = stubServer({ routes: { 'POST /api/billing/customers': () => json(null, 202) } });
    await createBillingClient({
      getBearerToken: async () => 'tok_1',
      headers: { 'x-tenant': 'acme' },
    }).getCustomer();

    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok_1');
    expect(requests[0]?.headers.get('x-tenant')).toBe('acme');
  });

  it('logs a failing token getter and sends the request without authorization', async () => {
    const log = spyConsole();
    const { requests } = stubServer({ routes: { 'POST /api/billing/customers': () => json(null, 202) } });
    const result = await createBillingClient({
      getBearerToken: () => {
        throw new Error('no session');
      },
    }).getCustomer();

    expect(result.error).toBeNull();
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(String(log.error.mock.calls[0]?.[0])).toContain('[billing]');
  });
});

describe('cross-origin backend', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('probes POST /cors with credentials, then without, and sends what got through', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls: { url: string; credentials: RequestCredentials | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, credentials: init.credentials });
        if (url.endsWith('/cors') && init.credentials === 'include') throw new TypeError('CORS refused');
        return json({ list: [] });
      }),
    );
    const client = createBillingClient({ backendUrl: 'https://billing.example.com' });
    await client.products();
    await client.products();

    expect(calls).toEqual([
      { url: 'https://billing.example.com/api/billing/cors', credentials: 'include' },
      { url: 'https://billing.example.com/api/billing/cors', credentials: 'omit' },
      { url: 'https://billing.example.com/api/billing/products', credentials: 'omit' },
      { url: 'https://billing.example.com/api/billing/products', credentials: 'omit' },
    ]);
  });

  it('does not probe a same-origin backend', async () => {
    const { requests } = stubServer({ routes: { 'GET /api/billing/products': () => json({ list: [] }) } });
    await createBillingClient({ backendUrl: window.location.origin }).products();
    expect(requests.map((request) => request.path)).toEqual(['/api/billing/products']);
  });
});
