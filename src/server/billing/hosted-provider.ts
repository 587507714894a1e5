// BILLING_PROVIDER=autumn: the same provider interface, forwarded to the hosted API (v1,
// `x-api-version: 1.2`). Our session-derived customer becomes the hosted API's `customer_id`
// (in bodies, or in paths where the hosted API puts it); its errors pass through unchanged.
import { BillingError } from '../../core/billing/errors.ts';
import type { CustomerIdentity } from './customers.ts';
import type { BillingProvider, Body } from './provider.ts';

const API_VERSION = '1.2';

export interface HostedOptions {
  apiUrl: string;
  secretKey: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export function createHostedProvider(options: HostedOptions): BillingProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const send = options.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'x-api-version': API_VERSION,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new BillingError(502, 'billing_unavailable', 'The billing service cannot be reached right now.');
    }
    const text = await response.text();
    let payload: unknown = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = null;
    }
    if (!response.ok) {
      const error = (payload ?? {}) as { message?: unknown; code?: unknown };
      throw new BillingError(
        response.status,
        typeof error.code === 'string' ? error.code : 'internal_error',
        typeof error.message === 'string' ? error.message : `Billing request failed (${response.status})`,
      );
    }
    return payload;
  }

  const withCustomer = (customerId: string, body: Body = {}) => ({ ...body, customer_id: customerId });
  const withIdentity = (identity: CustomerIdentity, body: Body) => ({
    ...body,
    customer_id: identity.id,
    customer_data: { name: identity.name ?? undefined, email: identity.email ?? undefined },
  });
  const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;

  return {
    name: 'autumn',
    customer: (identity, body) =>
      call('POST', '/customers', {
        id: identity.id,
        name: identity.name,
        email: identity.email,
        expand: body.expand,
      }),
    products: async (customerId) =>
      (await call(
        'GET',
        `/products_beta${customerId ? `?customer_id=${encodeURIComponent(customerId)}` : ''}`,
      )) as { list: unknown[] },
    checkout: (identity, body) => call('POST', '/checkout', withIdentity(identity, body)),
    attach: (identity, body) => call('POST', '/attach', withIdentity(identity, body)),
    setupPayment: (customerId, body) => call('POST', '/setup_payment', withCustomer(customerId, body)),
    cancel: (customerId, body) => call('POST', '/cancel', withCustomer(customerId, body)),
    check: (customerId, body) => call('POST', '/check', withCustomer(customerId, body)),
    track: (customerId, body) => call('POST', '/track', withCustomer(customerId, body)),
    billingPortal: (customerId, body) => call('POST', `${customerPath(customerId)}/billing_portal`, body),
    query: (customerId, body) => call('POST', '/query', withCustomer(customerId, body)),
    createEntities: (customerId, body) => call('POST', `${customerPath(customerId)}/entities`, body),
    getEntity: (customerId, entityId) =>
      call('GET', `${customerPath(customerId)}/entities/${encodeURIComponent(entityId)}`),
    deleteEntity: (customerId, entityId) =>
      call('DELETE', `${customerPath(customerId)}/entities/${encodeURIComponent(entityId)}`),
    referralCode: (customerId, body) => call('POST', '/referrals/code', withCustomer(customerId, body)),
    redeemReferral: (customerId, body) => call('POST', '/referrals/redeem', withCustomer(customerId, body)),
  };
}
