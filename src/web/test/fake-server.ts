import { vi } from 'vitest';
import { makePlanCustomer, makePlanProducts } from './billing';

export interface FakeUser {
  id: string;
  name: string;
  email: string;
  timezone?: string;
}

export const TEST_USER: FakeUser = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  timezone: 'Europe/London',
};

export interface RecordedRequest {
  method: string;
  path: string;
  /** The search part, "" or "?limit=50&…". */
  query: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sessionBody(user: FakeUser) {
  const now = new Date().toISOString();
  return {
    user: { ...user, emailVerified: false, image: null, createdAt: now, updatedAt: now },
    session: { id: 's1', userId: user.id, token: 't', expiresAt: now, createdAt: now, updatedAt: now },
  };
}

/**
 * Replaces `fetch` with a tiny in-memory server: the session, the public config, an empty
 * monitor list and zero counts, a free billing customer and the plan products, and any
 * `"METHOD /path"` handlers a test adds. Everything else is the API's JSON 404.
 */
export function stubServer({
  user = null,
  routes = {},
}: {
  user?: FakeUser | null;
  routes?: Record<string, Handler>;
} = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.search,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
      credentials: init?.credentials ?? request.credentials,
    };
    requests.push(recorded);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (handler) return handler(recorded);
    if (url.pathname === '/api/auth/get-session') return json(user ? sessionBody(user) : null);
    if (url.pathname === '/api/v1/public-config')
      return json({ githubSignIn: false, publicUrl: 'https://upwatch.example', testMode: false });
    // Billing: a signed-in user is a free customer with nothing used; visitors have none.
    if (request.method === 'POST' && url.pathname === '/api/billing/customers')
      return user
        ? json(makePlanCustomer('free', {}, { id: user.id, name: user.name, email: user.email }))
        : json(null, 202);
    if (request.method === 'GET' && url.pathname === '/api/billing/products')
      return json({ list: makePlanProducts() });
    // A new account: no monitors yet.
    if (request.method === 'GET' && url.pathname === '/api/v1/monitors')
      return json({ monitors: [], nextCursor: null });
    if (request.method === 'GET' && url.pathname === '/api/v1/monitors/summary')
      return json({
        total: 0,
        byStatus: { up: 0, degraded: 0, down: 0, paused: 0, pending: 0, stale: 0 },
        openIncidents: 0,
        scheduler: { lagMs: 12, late: false },
      });
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
