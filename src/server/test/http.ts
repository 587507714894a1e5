// Small helpers for reading HTTP responses in tests.

export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie request header. */
export function cookieHeader(response: Response): string {
  return setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export function jsonBody(payload: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) };
}

/** `/api/v1` requests as a signed-in user, and a create that must answer 201. */
export function apiAs(t: { request(path: string, init?: RequestInit): Promise<Response> }, cookie: string) {
  const send = (method: string, path: string, body?: unknown) =>
    t.request(`/api/v1${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    send,
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own resource
    async create(path: string, body: Record<string, unknown>): Promise<any> {
      const response = await send('POST', path, body);
      if (response.status !== 201)
        throw new Error(`expected 201, got ${response.status}: ${await response.text()}`);
      return response.json();
    },
  };
}
