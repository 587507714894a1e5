// The billing HTTP client over `/api/billing` (SPEC.md §6–§8, BILLING.md §1). Every call
// resolves to `{data, error}`: a non-2xx answer or a network failure becomes a RequestError,
// never a thrown exception.

import { RequestError } from '../lib/api';
import type {
  AttachParams,
  AttachResult,
  BillingPortalParams,
  BillingProduct,
  CancelParams,
  CancelResult,
  CheckoutParams,
  CheckoutResult,
  CheckParams,
  CheckResult,
  CreateEntityParams,
  Customer,
  CustomerData,
  Entity,
  GetCustomerParams,
  QueryParams,
  QueryResult,
  RedeemResult,
  ReferralCode,
  SetupPaymentParams,
  TrackParams,
  TrackResult,
  UrlResult,
} from './api-types';
import { isCrossOrigin, probeCredentials } from './cors';
import { type BillingResult, failure, LOG_TAG, toSnakeCase } from './wire';

export const BILLING_PREFIX = '/api/billing';

export interface BillingClientOptions {
  /** Origin of the billing backend; '' (the default) is this page's origin. */
  backendUrl?: string;
  /** Supplies `Authorization: Bearer …`; a getter that fails is logged and the call goes without. */
  getBearerToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Sent as `customer_data` on every POST. */
  customerData?: CustomerData;
}

type Method = 'GET' | 'POST' | 'DELETE';

const MISSING_AUTH = /missing authori[sz]ation header/i;

async function readFailure(response: Response): Promise<RequestError> {
  let body: { message?: string; code?: string; error?: { message?: string; code?: string } } = {};
  try {
    body = (await response.json()) ?? {};
  } catch {
    // Not JSON: the fallbacks below describe it.
  }
  const detail = body.error ?? body;
  const message = detail.message ?? `Request failed with status ${response.status}`;
  if (response.status === 401 && MISSING_AUTH.test(message)) {
    console.warn(
      `${LOG_TAG} ${message}. Pass getBearerToken to <BillingProvider /> so billing requests carry an Authorization header.`,
    );
  } else {
    console.error(`${LOG_TAG} ${message}`);
  }
  return new RequestError(response.status, detail.code ?? 'unknown_error', message);
}

export function createBillingClient(options: BillingClientOptions = {}) {
  const backendUrl = (options.backendUrl ?? '').replace(/\/$/, '');
  let credentials: Promise<RequestCredentials> | undefined;

  function credentialsMode(): Promise<RequestCredentials> {
    if (!isCrossOrigin(backendUrl, window.location.href)) return Promise.resolve('include');
    credentials ??= probeCredentials(`${backendUrl}${BILLING_PREFIX}/cors`);
    return credentials;
  }

  async function bearerToken(): Promise<string | null> {
    if (!options.getBearerToken) return null;
    try {
      return (await options.getBearerToken()) ?? null;
    } catch (error) {
      console.error(`${LOG_TAG} Could not get the bearer token; sending the request without it.`, error);
      return null;
    }
  }

  async function request<T>(method: Method, path: string, body?: object): Promise<BillingResult<T>> {
    const url = `${backendUrl}${BILLING_PREFIX}${path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = await bearerToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify({
        ...(toSnakeCase(body ?? {}) as object),
        customer_data: options.customerData,
      });
    }
    let response: Response;
    try {
      response = await fetch(url, { method, headers, credentials: await credentialsMode(), body: payload });
    } catch (error) {
      console.error(
        `${LOG_TAG} Fetch failed: ${method} ${url}\n\n1. Check that backendUrl given to <BillingProvider /> points at the Upwatch server.\n2. Check that the billing routes are mounted at ${BILLING_PREFIX} there.`,
      );
      return failure(
        new RequestError(undefined, 'fetch_failed', error instanceof Error ? error.message : String(error)),
      );
    }
    if (!response.ok) return failure(await readFailure(response));
    const text = await response.text();
    return { data: (text ? JSON.parse(text) : null) as T, error: null, statusCode: response.status };
  }

  const post = <T>(path: string, body?: object) => request<T>('POST', path, body);

  return {
    /** Get-or-create the signed-in customer; null (202) when signed out and errorOnNotFound is false. */
    getCustomer: (params: GetCustomerParams = {}) => post<Customer | null>('/customers', params),
    products: () => request<{ list: BillingProduct[] }>('GET', '/products'),
    pricingTable: () => request<{ list: BillingProduct[] }>('GET', '/components/pricing_table'),
    checkout: (params: CheckoutParams) => post<CheckoutResult>('/checkout', params),
    attach: (params: AttachParams) => post<AttachResult>('/attach', params),
    cancel: (params: CancelParams) => post<CancelResult>('/cancel', params),
    check: (params: CheckParams) => post<CheckResult>('/check', params),
    track: (params: TrackParams) => post<TrackResult>('/track', params),
    billingPortal: (params: BillingPortalParams = {}) => post<UrlResult>('/billing_portal', params),
    setupPayment: (params: SetupPaymentParams = {}) => post<UrlResult>('/setup_payment', params),
    query: (params: QueryParams) => post<QueryResult>('/query', params),
    createEntity: (params: CreateEntityParams) => post<Entity>('/entities', params),
    getEntity: (id: string, expand: string[] = []) =>
      request<Entity>(
        'GET',
        `/entities/${encodeURIComponent(id)}${expand.length ? `?expand=${expand.join(',')}` : ''}`,
      ),
    deleteEntity: (id: string) =>
      request<{ success: boolean }>('DELETE', `/entities/${encodeURIComponent(id)}`),
    createReferralCode: (params: { programId: string }) => post<ReferralCode>('/referrals/code', params),
    redeemReferralCode: (params: { code: string }) => post<RedeemResult>('/referrals/redeem', params),
  };
}

export type BillingClient = ReturnType<typeof createBillingClient>;
