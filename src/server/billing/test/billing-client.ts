// Calls /api/billing as a signed-in test user, the way the browser does.
import type { TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';

export interface BillingResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON payloads
  body: any;
}

export function billingClient(t: TestApp, user: TestUser | null) {
  async function call(method: string, path: string, payload?: unknown): Promise<BillingResponse> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (user) headers.cookie = user.cookie;
    const response = await t.request(`/api/billing${path}`, {
      method,
      headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  return {
    call,
    post: (path: string, payload: unknown = {}) => call('POST', path, payload),
    get: (path: string) => call('GET', path),
    customer: async (expand: string[] = []) => (await call('POST', '/customers', { expand })).body,
    /** Pays a sandbox checkout with a card number; returns the pay response. */
    pay: (checkoutUrl: string, cardNumber: string) =>
      call('POST', `/sandbox/checkouts/${checkoutUrl.split('/').pop()}/pay`, {
        card_number: cardNumber,
        expiry: '12/34',
        cvc: '123',
        name: 'Test Person',
      }),
  };
}

export const TEST_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
